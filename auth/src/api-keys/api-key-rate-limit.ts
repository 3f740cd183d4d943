import { HttpError } from '@dispatch/http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { bearerKeyIdOf } from './api-key-resolution.ts';

export const API_KEY_RATE_LIMITED_MESSAGE =
  'Too many requests for this API key. Wait a minute and try again.';

/**
 * Limits the bearer requests of the routes of `app` (and its children) to `perMinute` per key
 * (API_KEY_RATE_LIMIT): 429 RATE_LIMITED with `retry-after` past it. Requests without a key are not
 * counted here.
 */
export async function limitApiKeyRequests(app: FastifyInstance, perMinute: number) {
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: '1 minute',
    allowList: (request) => bearerKeyIdOf(request) === null,
    keyGenerator: (request) => `apikey:${bearerKeyIdOf(request)}`,
    errorResponseBuilder: () => new HttpError(429, 'RATE_LIMITED', API_KEY_RATE_LIMITED_MESSAGE),
  });
}
