/**
 * Query keys of the user's saved searches, in one place. The organization is part of every key: a
 * user's searches of one organization are never shown in another.
 */
export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  list: (organizationId: string) => ['saved-searches', 'list', organizationId] as const,
};

/** Saved searches change only when their owner changes them: fresh for 10 seconds, like the lists. */
export const SAVED_SEARCHES_STALE_TIME = 10_000;
