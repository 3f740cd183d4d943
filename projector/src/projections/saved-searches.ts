import { createHash } from 'node:crypto';
import {
  alertsOn,
  applySavedSearchEvent,
  NOTIFICATIONS_READ,
  type NotificationEmailState,
  type NotificationsRead,
  type SavedSearchEvent,
  savedSearchEventTypes,
} from '@dispatch/domain';
import {
  collections,
  NOTIFICATIONS_KIND,
  type NotificationDocument,
  type NotificationInboxDocument,
  notificationInboxesCollection,
  notificationInboxId,
  notificationsCollection,
  SAVED_SEARCHES_KIND,
  type SavedSearchDocument,
  type StandingSearch,
  type StandingSearchesDocument,
  savedSearchesCollection,
  standingHeadId,
  standingSearchesCollection,
} from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { Projection, ProjectionContext } from '../projection.ts';
import { forgetStandingSearches } from './standing-search-alerts.ts';

async function updateStanding(
  context: ProjectionContext,
  orgId: string,
  change: (searches: StandingSearch[]) => StandingSearch[],
) {
  const current = await context.get<StandingSearchesDocument>(collections.standingSearches, orgId);
  const before = current?.searches ?? [];
  const searches = change(before);
  if (searches === before) return;
  context.put(collections.standingSearches, { id: orgId, orgId, searches });
  const digest = createHash('sha256').update(JSON.stringify(searches)).digest('base64url');
  context.put(collections.standingSearches, {
    id: standingHeadId(orgId),
    orgId,
    count: searches.length,
    digest,
  });
  forgetStandingSearches(context, orgId);
}

/** The search in force after an event: standing if it alerts, gone otherwise. */
function standingOf(document: SavedSearchDocument, since: string): StandingSearch | null {
  if (!alertsOn(document.alert)) return null;
  return {
    id: document.id,
    ownerId: document.ownerId,
    name: document.name,
    alert: document.alert,
    kind: document.kind,
    params: document.params,
    since,
  } as StandingSearch;
}

const emailStateOf: Record<string, NotificationEmailState> = {
  NotificationMailed: 'sent',
  NotificationMailSkipped: 'skipped',
  NotificationMailFailed: 'failed',
};

async function applyMailRecord(
  context: ProjectionContext,
  event: SavedSearchEvent & RecordedEvent,
  orgId: string,
) {
  if (!('notificationId' in event.data)) return;
  const notification = await context.get<NotificationDocument>(
    collections.notifications,
    event.data.notificationId,
  );
  if (!notification || notification.orgId !== orgId) return;
  const { position: _position, ...fields } = notification;
  const email = emailStateOf[event.type] ?? notification.email;
  context.put(collections.notifications, {
    ...fields,
    email,
    // A failure comes after the record of the sending: that mail was never delivered.
    mailedAt:
      email === 'sent' ? event.metadata.occurredAt : email === 'failed' ? null : notification.mailedAt,
  });
  context.changed(NOTIFICATIONS_KIND, orgId, notification.userId);
}

async function applyRead(
  context: ProjectionContext,
  event: NotificationsRead & RecordedEvent,
  orgId: string,
) {
  const { userId, notificationIds, through } = event.data;
  for (const id of notificationIds) {
    const notification = await context.get<NotificationDocument>(collections.notifications, id);
    // Only the reader's own notifications, in this organization.
    if (!notification || notification.orgId !== orgId || notification.userId !== userId || notification.read)
      continue;
    const { position: _position, ...fields } = notification;
    context.put(collections.notifications, { ...fields, read: true });
  }
  if (through !== null) {
    const id = notificationInboxId(orgId, userId);
    const inbox = await context.get<NotificationInboxDocument>(collections.notificationInboxes, id);
    const readThrough = Math.max(inbox?.readThrough ?? 0, Number(through));
    context.put(collections.notificationInboxes, { id, orgId, userId, readThrough });
  }
  context.changed(NOTIFICATIONS_KIND, orgId, userId);
}

/**
 * The saved searches (each owner's list), the standing searches the matching reads (those that
 * alert, one document per organization), and what happens to notifications after they are made:
 * their e-mail and their reading.
 */
export const savedSearchesProjection: Projection = {
  name: 'saved-searches',
  collections: [
    savedSearchesCollection,
    standingSearchesCollection,
    notificationsCollection,
    notificationInboxesCollection,
  ],
  eventTypes: [...savedSearchEventTypes, NOTIFICATIONS_READ],
  async apply(recorded: RecordedEvent, context) {
    const { orgId } = recorded.metadata;
    if (recorded.type === NOTIFICATIONS_READ) {
      await applyRead(context, recorded as unknown as NotificationsRead & RecordedEvent, orgId);
      return;
    }
    const event = recorded as unknown as SavedSearchEvent & RecordedEvent;
    const id = event.data.savedSearchId;
    if (event.type in emailStateOf) {
      // Recorded for the search's notifications, deleted searches' included.
      await applyMailRecord(context, event, orgId);
      const search = await context.get<SavedSearchDocument>(collections.savedSearches, id);
      const next = search && applySavedSearchEvent(search, event);
      if (search && next) context.put(collections.savedSearches, { ...next, orgId, ownerId: search.ownerId });
      return;
    }
    const stored =
      event.type === 'SavedSearchCreated'
        ? null
        : await context.get<SavedSearchDocument>(collections.savedSearches, id);
    if (event.type !== 'SavedSearchCreated' && !stored) return;
    const ownerId = event.type === 'SavedSearchCreated' ? event.data.ownerId : (stored?.ownerId as string);
    const next = applySavedSearchEvent(stored, event);
    const position = recorded.position.toString();
    if (next) {
      context.put(collections.savedSearches, { ...next, orgId, ownerId });
    } else {
      context.delete(collections.savedSearches, id);
    }
    const standing = next ? standingOf({ ...next, orgId, ownerId, position }, position) : null;
    await updateStanding(context, orgId, (searches) => {
      const others = searches.filter((search) => search.id !== id);
      if (!standing) return others.length === searches.length ? searches : others;
      return [...others, standing];
    });
    context.changed(SAVED_SEARCHES_KIND, orgId, ownerId);
  },
};
