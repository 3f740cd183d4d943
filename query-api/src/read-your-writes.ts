import type { FastifyInstance } from 'fastify';
import type { ProjectionClock } from './projection-clock.ts';

export const MIN_POSITION_HEADER = 'x-min-position';
export const PROJECTION_POSITION_HEADER = 'x-projection-position';
/** Long enough for the projector to catch up after a write, short enough that a page never hangs. */
export const MAX_WAIT_MS = 2000;

function minPosition(header: unknown, query: unknown): bigint | null {
  const raw =
    typeof header === 'string' ? header : (query as { minPosition?: unknown } | undefined)?.minPosition;
  if (typeof raw !== 'string' || !/^\d{1,20}$/.test(raw)) return null;
  return BigInt(raw);
}

/**
 * A query given a minimum position waits (bounded) until the read models have passed it, and every
 * response says which position it reflects.
 */
export function readYourWrites(app: FastifyInstance, clock: ProjectionClock) {
  app.addHook('preHandler', async (request, reply) => {
    const wanted = minPosition(request.headers[MIN_POSITION_HEADER], request.query);
    if (wanted !== null) await clock.waitFor(wanted, MAX_WAIT_MS);
    reply.header(PROJECTION_POSITION_HEADER, clock.position().toString());
  });
}

/** The query string without `minPosition`, which every route accepts besides its own parameters. */
export function withoutMinPosition(query: unknown): Record<string, unknown> {
  const { minPosition: _ignored, ...rest } = (query ?? {}) as Record<string, unknown>;
  return rest;
}
