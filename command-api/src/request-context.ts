import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CommandContext, type CommandResult, newCommandContext } from './command-handler.ts';
import { setEventPosition } from './event-position.ts';

/** The context of a command sent over HTTP: the session's actor and organization, the caller's correlation id. */
export function commandContextOf(
  request: FastifyRequest,
  actor: { orgId: string; userId: string },
): CommandContext {
  const correlation = request.headers['x-correlation-id'];
  return newCommandContext({
    orgId: actor.orgId,
    actorId: actor.userId,
    correlationId: typeof correlation === 'string' && correlation.length <= 100 ? correlation : undefined,
  });
}

/** Read your writes: a command that appended says the position of its last event. */
export function sendPosition<S, E>(reply: FastifyReply, result: CommandResult<S, E>) {
  if (result.position !== null) setEventPosition(reply, result.position);
}
