import { DomainError, type DomainErrorKind, fieldErrors } from '@dispatch/domain';
import { StreamNotFoundError, WrongExpectedRevisionError } from '@dispatch/storage';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/**
 * The HTTP boundary both APIs share: every input is parsed with a domain zod schema here, and
 * every failure is turned into one response shape in one place.
 */

export type InputSource = 'body' | 'query' | 'params';

const invalidMessages: Record<InputSource, string> = {
  body: 'Invalid body parameters',
  query: 'Invalid query parameters',
  params: 'Invalid path parameters',
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
  const result = schema.safeParse(value ?? {});
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
};

export const STALE_VERSION_MESSAGE =
  'This was changed by someone else in the meantime. Reload to see the latest version.';

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
  if (error instanceof WrongExpectedRevisionError) {
    return { status: 409, body: { success: false, code: 'CONFLICT', message: STALE_VERSION_MESSAGE } };
  }
  if (error instanceof StreamNotFoundError) {
    return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
  }
  const fastifyError = error as Partial<FastifyError>;
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    // Malformed JSON, wrong content type, oversized body: the body could not be read at all.
    const isBody = fastifyError.code?.startsWith('FST_ERR_CTP') ?? false;
    return {
      status: fastifyError.statusCode,
      body: {
        success: false,
        code: isBody ? 'VALIDATION_ERROR' : 'BAD_REQUEST',
        message: isBody ? invalidMessages.body : (fastifyError.message ?? 'Bad request'),
      },
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
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  });
}

/** Unknown routes of an API process answer in the same shape as every other error. */
export function installJsonNotFound(app: FastifyInstance) {
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' }),
  );
}
