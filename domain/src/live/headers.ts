/**
 * The headers of read your writes and of tracing, named once for the APIs and the web client.
 *
 * A command that appended answers with the position of its last event; a query sent with a minimum
 * position waits (bounded) until the read models have passed it, and every query answer says the
 * position it reflects.
 */
export const EVENT_POSITION_HEADER = 'x-event-position';
export const MIN_POSITION_HEADER = 'x-min-position';
export const PROJECTION_POSITION_HEADER = 'x-projection-position';
/** The query string parameter a client that cannot set headers uses instead of `x-min-position`. */
export const MIN_POSITION_PARAMETER = 'minPosition';
/** The caller's correlation id, recorded by every event its command appends. */
export const CORRELATION_ID_HEADER = 'x-correlation-id';
/** The id of the request, on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
