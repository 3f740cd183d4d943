import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from './notification-keys';

/** A live notice (a new alert, one read in another tab): the bell refetches. */
export function invalidateNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
