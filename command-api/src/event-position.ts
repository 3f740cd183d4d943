import type { FastifyReply } from 'fastify';

/** Read your writes: the client passes this back as `x-min-position` to the query API. */
export const EVENT_POSITION_HEADER = 'x-event-position';

export function setEventPosition(reply: FastifyReply, position: bigint) {
  reply.header(EVENT_POSITION_HEADER, position.toString());
}
