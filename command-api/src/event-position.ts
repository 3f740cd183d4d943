import { EVENT_POSITION_HEADER } from '@dispatch/domain';
import type { FastifyReply } from 'fastify';

/** Read your writes: the client passes this back as `x-min-position` to the query API. */
export { EVENT_POSITION_HEADER };

export function setEventPosition(reply: FastifyReply, position: bigint) {
  reply.header(EVENT_POSITION_HEADER, position.toString());
}
