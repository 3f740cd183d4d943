import type {
  NotificationEmailState,
  SavedSearch,
  SavedSearchAlert,
  SavedSearchQuery,
} from '@dispatch/domain';
import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/** The read models of saved searches and their notifications, as stored. */

/** A saved search as stored: its owner's and organization's, for the owner's list. */
export type SavedSearchDocument = SavedSearch & { orgId: string; ownerId: string; position: string };

/** A search that alerts, as the matching keeps it: `since` is the position it last changed at. */
export type StandingSearch = {
  id: string;
  ownerId: string;
  name: string;
  alert: SavedSearchAlert;
  since: string;
} & SavedSearchQuery;

/**
 * The standing searches of one organization, in one document (`id` is the organization), and its
 * head (`id` is `{orgId}:head`), rewritten with it: reading the small head tells the matching whether
 * the searches it compiled are still the ones in force, without reading them all again.
 */
export type StandingSearchesDocument = {
  id: string;
  orgId: string;
  position: string;
  searches: StandingSearch[];
};
export type StandingSearchesHead = {
  id: string;
  orgId: string;
  position: string;
  count: number;
  /** A digest of the searches: the same searches have the same digest in any store and any projector. */
  digest: string;
};
export const standingHeadId = (orgId: string) => `${orgId}:head`;

/** One alert of a saved search about one posting event (see notificationId). */
export type NotificationDocument = {
  id: string;
  position: string;
  orgId: string;
  /** The search's owner, whom it alerts. */
  userId: string;
  savedSearchId: string;
  savedSearchName: string;
  postingKind: 'trucks' | 'loads';
  postingId: number;
  reason: 'posted' | 'changed';
  title: string;
  detail: string;
  distance: number | null;
  /** When the posting event happened, and its position in the log (a number, for sorting and paging). */
  occurredAt: string;
  seq: number;
  /** Who posted or changed the posting. */
  actorId: string;
  /** Shown in the bell (the search alerts in the app); one alerting by e-mail only is not. */
  inApp: boolean;
  /** Read one by one (marking all reads up to the inbox's `readThrough`). */
  read: boolean;
  email: NotificationEmailState;
  mailedAt: string | null;
};

/** A user's notifications of one organization read up to and including this position (`seq`). */
export type NotificationInboxDocument = {
  id: string;
  position: string;
  orgId: string;
  userId: string;
  readThrough: number;
};
export const notificationInboxId = (orgId: string, userId: string) => `${orgId}:${userId}`;

/** Kinds of the live notices of this feature; their ids are the users they concern. */
export const NOTIFICATIONS_KIND = 'notifications';
export const SAVED_SEARCHES_KIND = 'saved-searches';

/** The saved searches', standing searches' and notifications' collections. */

export const savedSearchesCollection: CollectionDefinition = {
  name: collections.savedSearches,
  fields: { orgId: 'text', ownerId: 'text', createdAt: 'date' },
  indexes: [['orgId', 'ownerId', 'createdAt']],
  indexEachField: false,
};

export const standingSearchesCollection: CollectionDefinition = {
  name: collections.standingSearches,
  fields: {},
};

export const notificationsCollection: CollectionDefinition = {
  name: collections.notifications,
  fields: {
    orgId: 'text',
    userId: 'text',
    seq: 'number',
    inApp: 'boolean',
    read: 'boolean',
    email: 'text',
  },
  indexes: [
    // A user's bell: newest first, pages by position, and the unread ones counted.
    ['orgId', 'userId', 'seq'],
    // The mail sweep: the notifications whose e-mail is due, oldest first.
    ['email', 'seq'],
  ],
  indexEachField: false,
};

export const notificationInboxesCollection: CollectionDefinition = {
  name: collections.notificationInboxes,
  fields: {},
};
