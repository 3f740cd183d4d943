/** Query keys of the signed-in user's notifications, per organization. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (organizationId: string) => ['notifications', 'list', organizationId] as const,
};

/** The bell follows live notices; without them (offline) it is fresh for 10 seconds, like the lists. */
export const NOTIFICATIONS_STALE_TIME = 10_000;
/** How many the bell's list shows. */
export const NOTIFICATIONS_SHOWN = 20;
