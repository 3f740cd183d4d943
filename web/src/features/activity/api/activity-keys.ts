import type { ActivityParams } from '../activity-search';

/**
 * Query keys of the activity log, built in one place. The organization is part of every key: a
 * switch never shows another organization's log, even for a moment.
 */
export const activityKeys = {
  all: ['activity'] as const,
  lists: () => ['activity', 'list'] as const,
  list: (organizationId: string, params: ActivityParams) =>
    ['activity', 'list', organizationId, params] as const,
};

/** The log is fresh for 10 seconds, like the lists. */
export const ACTIVITY_STALE_TIME = 10_000;
