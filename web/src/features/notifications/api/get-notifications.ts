import { type NotificationsPageAnswer, notificationsPageAnswerSchema } from '@dispatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { NOTIFICATIONS_SHOWN, NOTIFICATIONS_STALE_TIME, notificationKeys } from './notification-keys';

/** GET /api/v1/notifications: the newest of the user's notifications, with how many are unread. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationsPageAnswer> {
  return request('/api/v1/notifications', {
    search: { limit: NOTIFICATIONS_SHOWN },
    signal,
    answer: notificationsPageAnswerSchema,
  });
}

export const notificationsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: notificationKeys.list(organizationId),
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime: NOTIFICATIONS_STALE_TIME,
  });
