import { DomainError, type DomainErrorKind, fieldErrors } from '@dispatch/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/**
 * The HTTP boundary both APIs share: every input is parsed with a domain zod schema here, and
 * every failure is turned into one response shape in one place.
 */

export type InputSource = 'body' | 'query' | 'params' | 'headers';

const invalidMessages: Record<InputSource, string> = {
  body: 'Invalid body parameters',
  query: 'Invalid query parameters',
  params: 'Invalid path parameters',
  headers: 'Invalid header parameters',
};

export class InputError extends Error {
  readonly source: InputSource;
  readonly errors: Record<string, string[]>;
  constructor(source: InputSource, errors: Record<string, string[]>) {
    super(invalidMessages[source]);
    this.source = source;
    this.errors = errors;
  }
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown, source: InputSource): z.output<S> {
  // No body (or no query) at all reads as an empty object; a body of `null`, a number or a list does not.
  const result = schema.safeParse(value === undefined ? {} : value);
  if (!result.success) throw new InputError(source, fieldErrors(result.error));
  return result.data;
}

export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const unauthorized = () => new HttpError(401, 'UNAUTHORIZED', 'Unauthorized');

const domainStatus: Record<DomainErrorKind, { status: number; code: string }> = {
  not_found: { status: 404, code: 'NOT_FOUND' },
  forbidden: { status: 403, code: 'FORBIDDEN' },
  conflict: { status: 409, code: 'CONFLICT' },
  illegal_state: { status: 409, code: 'CONFLICT' },
  unauthorized: { status: 401, code: 'UNAUTHORIZED' },
  // A signing link whose envelope was signed, declined, voided or cancelled.
  gone: { status: 410, code: 'GONE' },
};

export const STALE_VERSION_MESSAGE =
  'This was changed by someone else in the meantime. Reload to see the latest version.';

/** The error shape of every API answer; `field` names what was wrong with the input, when it was the input. */
export function errorBody(code: string, message: string, bodyMessage?: string): Record<string, unknown> {
  return {
    success: false,
    code,
    message,
    ...(bodyMessage === undefined ? {} : { errors: { body: [bodyMessage] } }),
  };
}

/** A body that could not be read as the route's input at all. */
export const bodyErrorResponse = (why: string) => errorBody('VALIDATION_ERROR', invalidMessages.body, why);

export const MAX_BODY_BYTES = 1024 * 1024;

/** Fastify's own refusals of a body, in the product's words. */
const bodyRefusals: Record<string, { status: number; code: string; message: string; field: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
    field: `The request body cannot be more than ${MAX_BODY_BYTES / 1024 / 1024} MB`,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as JSON (Content-Type: application/json)',
    field: 'Send the request body as JSON (Content-Type: application/json)',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: invalidMessages.body,
    field: 'The request body is empty: send a JSON object (`{}` when there is nothing to say)',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: invalidMessages.body,
    field: 'The request body is not valid JSON',
  },
};

function toResponse(error: unknown): { status: number; body: Record<string, unknown> } {
  if (error instanceof InputError) {
    return {
      status: 400,
      body: { success: false, code: 'VALIDATION_ERROR', message: error.message, errors: error.errors },
    };
  }
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: { success: false, code: error.code, message: error.message } };
  }
  if (error instanceof DomainError) {
    const { status, code } = domainStatus[error.kind];
    return { status, body: { success: false, code, message: error.message } };
  }
  // The stores' errors are known by name: the HTTP kit stays independent of the storage package.
  if (error instanceof Error && error.name === 'WrongExpectedRevisionError') {
    return { status: 409, body: { success: false, code: 'CONFLICT', message: STALE_VERSION_MESSAGE } };
  }
  if (error instanceof Error && error.name === 'StreamNotFoundError') {
    return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
  }
  const fastifyError = error as Partial<FastifyError>;
  const refusal = fastifyError.code ? bodyRefusals[fastifyError.code] : undefined;
  if (refusal)
    return { status: refusal.status, body: errorBody(refusal.code, refusal.message, refusal.field) };
  // JSON.parse's own SyntaxError, which Fastify passes on with status 400.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { status: 400, body: bodyErrorResponse('The request body is not valid JSON') };
  }
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    // Any other body Fastify could not read.
    const isBody = fastifyError.code?.startsWith('FST_ERR_CTP') ?? false;
    return {
      status: fastifyError.statusCode,
      body: isBody
        ? bodyErrorResponse('The request body could not be read')
        : errorBody('BAD_REQUEST', fastifyError.message ?? 'Bad request'),
    };
  }
  return {
    status: 500,
    body: { success: false, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' },
  };
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toResponse(error);
    if (status >= 500) {
      // Logged with the request id the answer carries, so a report names the line to look for.
      request.log.error(
        { err: error, reqId: request.id, method: request.method, url: request.url },
        'request failed',
      );
      return reply.status(status).send({ ...body, requestId: request.id });
    }
    return reply.status(status).send(body);
  });
}

/** Unknown routes of an API process answer in the same shape as every other error. */
export function installJsonNotFound(app: FastifyInstance) {
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' }),
  );
}
