export { type LiveChange, organizationRoom } from './live/socket-server.ts';
export { type QueryApiOptions, queryApi } from './plugin.ts';
export { clockFromCommits, type ProjectionClock } from './projection-clock.ts';
export { MIN_POSITION_HEADER, PROJECTION_POSITION_HEADER } from './read-your-writes.ts';
