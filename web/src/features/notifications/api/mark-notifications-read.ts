import { type NotificationsPageAnswer, notificationsReadAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateNotifications } from './notification-cache';
import { notificationKeys } from './notification-keys';

/** POST /api/v1/notifications/read: these notifications, or all of them when `ids` is absent. */
export function markNotificationsRead(ids?: string[]) {
  return request('/api/v1/notifications/read', {
    method: 'POST',
    body: ids ? { ids } : {},
    answer: notificationsReadAnswerSchema,
  });
}

/** The page with these (or all) notifications read, and the count down by as many as were unread. */
export function withRead(page: NotificationsPageAnswer, ids?: readonly string[]): NotificationsPageAnswer {
  const marked = (id: string) => !ids || ids.includes(id);
  const newlyRead = page.data.filter((n) => !n.read && marked(n.id)).length;
  return {
    ...page,
    data: page.data.map((n) => (marked(n.id) && !n.read ? { ...n, read: true } : n)),
    unreadCount: ids ? Math.max(0, page.unreadCount - newlyRead) : 0,
  };
}

/** Marks read at once on screen; the answer of the next fetch (after the command's position) has the last word. */
export function useMarkNotificationsRead(organizationId: string) {
  const queryClient = useQueryClient();
  const key = notificationKeys.list(organizationId);
  return useMutation({
    mutationFn: (ids?: string[]) => markNotificationsRead(ids),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationsPageAnswer>(key);
      if (previous) queryClient.setQueryData(key, withRead(previous, ids));
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => invalidateNotifications(queryClient),
  });
}
