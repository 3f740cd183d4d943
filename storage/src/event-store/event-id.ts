import { v7 } from 'uuid';

/**
 * Event ids are UUIDv7: unique like any UUID, and ordered by time, so the store-wide unique index
 * on event ids grows at its end instead of touching a random page per event.
 */
export const newEventId = (): string => v7();
