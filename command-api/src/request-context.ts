import { CORRELATION_ID_HEADER } from '@dispatch/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CommandContext, type CommandResult, newCommandContext } from './command-handler.ts';
import { setEventPosition } from './event-position.ts';

/** The longest User-Agent an event records: past this it is cut. */
export const USER_AGENT_MAX = 300;
/** The longest client address an event records (an IPv6 address with a zone takes at most about 50). */
const IP_MAX = 100;

/**
 * Where an HTTP request came from, as its events record it: the client address (`request.ip`, which
 * is the real client behind the proxies TRUSTED_PROXIES names, and the connection's otherwise) and
 * the User-Agent header, bounded; a header that was not sent is left out.
 */
export function requestClientOf(request: FastifyRequest): { ip?: string; userAgent?: string } {
  const agent = request.headers['user-agent'];
  const ip = typeof request.ip === 'string' ? request.ip.slice(0, IP_MAX) : '';
  const userAgent = typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : '';
  return { ...(ip ? { ip } : {}), ...(userAgent ? { userAgent } : {}) };
}

/** The caller's correlation id, when it sent a usable one. */
function correlationOf(request: FastifyRequest): string | undefined {
  const correlation = request.headers[CORRELATION_ID_HEADER];
  return typeof correlation === 'string' && correlation.length > 0 && correlation.length <= 100
    ? correlation
    : undefined;
}

/**
 * The context of a command sent over HTTP: the session's actor and organization, the caller's
 * correlation id, and where the request came from (every event it appends records them).
 */
export function commandContextOf(
  request: FastifyRequest,
  actor: { orgId: string; userId: string },
): CommandContext {
  return newCommandContext({
    orgId: actor.orgId,
    actorId: actor.userId,
    correlationId: correlationOf(request),
    ...requestClientOf(request),
  });
}

/** Read your writes: a command that appended says the position of its last event. */
export function sendPosition(reply: FastifyReply, result: Pick<CommandResult<unknown, unknown>, 'position'>) {
  if (result.position !== null) setEventPosition(reply, result.position);
}
