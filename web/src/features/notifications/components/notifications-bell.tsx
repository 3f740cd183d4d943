import type { NotificationAnswer } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Bell, CheckCheck, Mail, Package, Truck } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { describeQueryError } from '../../../components/errors/query-error';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { relativeTime } from '../../../lib/dates';
import { useNow } from '../../../lib/use-now';
import { postingEditRoute } from '../../saved-searches';
import { notificationsQueryOptions } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

/** The count as the badge shows it. */
export const badgeCount = (count: number) => (count > 99 ? '99+' : String(count));

function NotificationItem({
  notification,
  now,
  onOpen,
}: {
  notification: NotificationAnswer;
  now: Date;
  onOpen: (notification: NotificationAnswer) => void;
}) {
  const Icon = notification.postingKind === 'trucks' ? Truck : Package;
  const noun = notification.postingKind === 'trucks' ? 'truck' : 'load';
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className={cn(
          'flex w-full cursor-pointer gap-3 px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
          !notification.read && 'bg-primary/5',
        )}
      >
        <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted">
          <Icon className="size-4 text-muted-foreground" aria-hidden />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-start justify-between gap-2">
            <span className={cn('min-w-0 break-words text-sm', !notification.read && 'font-semibold')}>
              {notification.title}
            </span>
            {!notification.read ? (
              <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
                <span className="sr-only">Unread</span>
              </span>
            ) : null}
          </span>
          <span className="break-words text-xs text-muted-foreground">
            {notification.detail}
            {notification.distance !== null ? ` · ${notification.distance} mi` : ''}
          </span>
          <span className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
            <span className="break-words">
              {notification.reason === 'posted' ? `New ${noun}` : `Changed ${noun}`} for “
              {notification.savedSearchName}”
            </span>
            <span aria-hidden>·</span>
            <time dateTime={notification.occurredAt}>{relativeTime(notification.occurredAt, now)}</time>
            {notification.email === 'sent' ? <Mail className="size-3" aria-label="E-mailed" /> : null}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * The bell of the organization's header: how many alerts of the user's saved searches are unread,
 * pushed live, and the newest of them; a click opens the posting and marks it read.
 */
export function NotificationsBell({ organizationId, orgSlug }: { organizationId: string; orgSlug: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const now = useNow();
  const notifications = useQuery(notificationsQueryOptions(organizationId));
  const markRead = useMarkNotificationsRead(organizationId);
  const unread = notifications.data?.unreadCount ?? 0;
  const rows = notifications.data?.data ?? [];

  const openPosting = (notification: NotificationAnswer) => {
    if (!notification.read) markRead.mutate([notification.id]);
    setOpen(false);
    void navigate({
      to: postingEditRoute[notification.postingKind],
      params: { orgSlug, id: notification.postingId },
    });
  };

  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative size-9">
          <Bell aria-hidden />
          {unread > 0 ? (
            <span
              data-testid="unread-count"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[0.625rem] leading-none font-semibold text-destructive-foreground tabular-nums"
            >
              {badgeCount(unread)}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          side="bottom"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-lg border border-border bg-card text-card-foreground shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2.5">
            <h2 className="text-sm font-semibold">
              Notifications
              {unread ? (
                <span className="ml-1.5 font-normal text-muted-foreground">{unread} unread</span>
              ) : null}
            </h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              <CheckCheck aria-hidden />
              Mark all read
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {notifications.isPending ? (
              <p className="px-4 py-8 text-center text-sm text-muted-foreground">Loading…</p>
            ) : notifications.isError ? (
              <p role="alert" className="px-4 py-8 text-center text-sm break-words text-muted-foreground">
                {describeQueryError(notifications.error, 'The notifications could not be loaded').title}
              </p>
            ) : rows.length === 0 ? (
              <div className="flex flex-col items-center gap-1 px-6 py-8 text-center">
                <p className="text-sm font-medium">Nothing new</p>
                <p className="text-xs text-muted-foreground">
                  Save a search with alerts on to hear of postings that match it.
                </p>
              </div>
            ) : (
              <ul className="divide-y divide-border">
                {rows.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    now={now}
                    onOpen={openPosting}
                  />
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-border px-4 py-2">
            <Link
              to="/$orgSlug/saved-searches"
              params={{ orgSlug }}
              onClick={() => setOpen(false)}
              className="text-xs font-medium text-primary underline-offset-4 hover:underline"
            >
              Manage saved searches
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
