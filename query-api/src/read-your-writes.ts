import { MIN_POSITION_HEADER, MIN_POSITION_PARAMETER, PROJECTION_POSITION_HEADER } from '@dispatch/domain';
import type { FastifyInstance } from 'fastify';
import type { ProjectionClock } from './projection-clock.ts';

export { MIN_POSITION_HEADER, PROJECTION_POSITION_HEADER };
/** Long enough for the projector to catch up after a write, short enough that a page never hangs. */
export const MAX_WAIT_MS = 2000;

function minPosition(header: unknown, query: unknown): bigint | null {
  const raw =
    typeof header === 'string'
      ? header
      : (query as Record<string, unknown> | undefined)?.[MIN_POSITION_PARAMETER];
  if (typeof raw !== 'string' || !/^\d{1,20}$/.test(raw)) return null;
  return BigInt(raw);
}

/**
 * A query given a minimum position waits (bounded) until the read models have passed it, and every
 * response says which position it reflects. `minPosition` is taken out of the query string before
 * the route parses its own parameters: every route accepts it.
 */
export function readYourWrites(app: FastifyInstance, clock: ProjectionClock) {
  app.addHook('preValidation', async (request, reply) => {
    const wanted = minPosition(request.headers[MIN_POSITION_HEADER], request.query);
    request.query = withoutMinPosition(request.query);
    if (wanted !== null) await clock.waitFor(wanted, MAX_WAIT_MS);
    reply.header(PROJECTION_POSITION_HEADER, clock.position().toString());
  });
}

/** The query string without `minPosition`, which every route accepts besides its own parameters. */
function withoutMinPosition(query: unknown): Record<string, unknown> {
  const { minPosition: _ignored, ...rest } = (query ?? {}) as Record<string, unknown>;
  return rest;
}
