import { EVENT_POSITION_HEADER, MIN_POSITION_HEADER, PROJECTION_POSITION_HEADER } from '@dispatch/domain';
import { z } from 'zod';
import { minPosition, noteAnswerPosition, notePosition } from './event-position';

export type FieldErrors = Record<string, string[]>;

/** Every failed call, whatever the service: the shape the backend's error handlers share. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldErrors;

  constructor(status: number, code: string, message: string, fieldErrors: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const fallbackMessages: Record<number, [code: string, message: string]> = {
  400: ['VALIDATION_ERROR', 'Some fields are not valid'],
  401: ['UNAUTHORIZED', 'Your session has ended. Sign in again.'],
  403: ['FORBIDDEN', 'You are not allowed to do that'],
  404: ['NOT_FOUND', 'Not found'],
  409: ['CONFLICT', 'This was changed by someone else. Reload to see the latest version.'],
};

/** Reads `{ code, message, errors }` from an error body, with sensible fallbacks for bare statuses. */
export function toApiError(status: number, payload: unknown): ApiError {
  const [fallbackCode, fallbackMessage] = fallbackMessages[status] ?? [
    'SERVER_ERROR',
    'Something went wrong',
  ];
  const body = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const code = typeof body.code === 'string' && body.code ? body.code : fallbackCode;
  const message = typeof body.message === 'string' && body.message ? body.message : fallbackMessage;
  return new ApiError(status, code, message, readFieldErrors(body.errors));
}

function readFieldErrors(errors: unknown): FieldErrors {
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === 'string' && message.length > 0,
    );
    if (list.length) out[field] = list;
  }
  return out;
}

export type SearchValue = string | number | boolean | null | undefined;

export function buildUrl(path: string, search?: Record<string, SearchValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** What a call expects back: a zod schema, whose output is what the call returns. */
export type AnswerSchema = z.ZodType;

/** The answer of a call that answers 204 No Content: no body at all. */
export const noContent = z.undefined();

export interface RequestOptions<S extends AnswerSchema> {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  search?: Record<string, SearchValue>;
  signal?: AbortSignal;
  /**
   * The shape of the answer (a domain answer schema; `noContent` for a 204). Every call states it: the
   * answer is parsed with it, and what the call returns is the parsed value, typed by the schema.
   */
  answer: S;
}

/** The code of an answer that does not have the expected shape. */
export const ANSWER_SHAPE = 'ANSWER_SHAPE';

/**
 * An answer that arrived but does not have the shape the call expects (docs/rules.md: "a response that does
 * not match the expected shape raises a parse error"). The message names the call and the field:
 * "Unexpected answer from GET /api/v1/trucks: data.0.truckName: expected string, received undefined".
 * `status` is the HTTP status the server answered with: the same call would get the same answer, so
 * nothing retries it as it would a network failure (status 0).
 */
export class AnswerShapeError extends ApiError {
  /** "GET /api/v1/trucks": the method and the path, without the query. */
  readonly call: string;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(call: string, status: number, issues: readonly z.core.$ZodIssue[]) {
    super(status, ANSWER_SHAPE, `Unexpected answer from ${call}: ${describeIssues(issues)}`);
    this.name = 'AnswerShapeError';
    this.call = call;
    this.issues = issues;
  }
}

/** The answer shape error behind `error`, itself or its cause (a wrapper such as "Error listing users"). */
export function answerShapeErrorOf(error: unknown): AnswerShapeError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof AnswerShapeError) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

/** "data.0.truckName: expected string, received undefined", and how many other fields are wrong. */
function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const [first, ...others] = issues;
  if (!first) return 'not the expected shape';
  const path = first.path.length ? first.path.map(String).join('.') : '(the whole answer)';
  const detail = first.message.replace(/^Invalid input: /, '');
  const more = others.length
    ? ` (and ${others.length} more ${others.length === 1 ? 'field' : 'fields'})`
    : '';
  return `${path}: ${detail}${more}`;
}

/**
 * One same-origin JSON call with the session cookie, its answer parsed with `options.answer`.
 * Commands record the position of their events; reads ask the read side to have caught up with the
 * highest position recorded.
 */
export async function request<S extends AnswerSchema>(
  path: string,
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ accept: 'application/json' });
  // The server takes commands only as JSON (a cross-site form cannot send that): a command with
  // nothing to say sends an empty object.
  const body = options.body ?? (method === 'POST' || method === 'PATCH' ? {} : undefined);
  if (body !== undefined) headers.set('content-type', 'application/json');
  if (method === 'GET') {
    const position = minPosition();
    if (position) headers.set(MIN_POSITION_HEADER, position);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.search), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Cannot reach the server. Check your connection and try again.');
  }

  notePosition(response.headers.get(EVENT_POSITION_HEADER));
  const payload = await readJson(response);
  if (!response.ok) throw toApiError(response.status, payload);
  const parsed = options.answer.safeParse(payload);
  if (!parsed.success)
    throw new AnswerShapeError(`${method} ${path.split('?')[0]}`, response.status, parsed.error.issues);
  noteAnswerPosition(parsed.data, response.headers.get(PROJECTION_POSITION_HEADER));
  return parsed.data;
}

/** The body as JSON; undefined when there is none (204) or it is not JSON (which no schema but `noContent` takes). */
async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
