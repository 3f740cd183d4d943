import type { SavedSearchAlert, SavedSearchQuery } from './schemas.ts';

export const SAVED_SEARCH_SCHEMA_VERSION = 1;

export type SavedSearchCreated = {
  type: 'SavedSearchCreated';
  data: { savedSearchId: string; ownerId: string; name: string; alert: SavedSearchAlert } & SavedSearchQuery;
};
export type SavedSearchRenamed = {
  type: 'SavedSearchRenamed';
  data: { savedSearchId: string; name: string };
};
export type SavedSearchAlertsChanged = {
  type: 'SavedSearchAlertsChanged';
  data: { savedSearchId: string; alert: SavedSearchAlert };
};
export type SavedSearchDeleted = { type: 'SavedSearchDeleted'; data: { savedSearchId: string } };

/**
 * The e-mail of one notification (see notificationId) is being sent: recorded before it goes, so
 * that a sweep that runs twice, in two processes or again after a restart never sends it twice.
 */
export type NotificationMailed = {
  type: 'NotificationMailed';
  data: { savedSearchId: string; notificationId: string };
};
/** Why a notification's e-mail is not sent after all. */
export const mailSkipReasons = ['search_deleted', 'email_off', 'not_a_member', 'over_quota'] as const;
export type MailSkipReason = (typeof mailSkipReasons)[number];
export type NotificationMailSkipped = {
  type: 'NotificationMailSkipped';
  data: { savedSearchId: string; notificationId: string; reason: MailSkipReason };
};
/** The mail server refused the e-mail for good (after the retries). */
export type NotificationMailFailed = {
  type: 'NotificationMailFailed';
  data: { savedSearchId: string; notificationId: string; error: string };
};

export type SavedSearchEvent =
  | SavedSearchCreated
  | SavedSearchRenamed
  | SavedSearchAlertsChanged
  | SavedSearchDeleted
  | NotificationMailed
  | NotificationMailSkipped
  | NotificationMailFailed;

export const savedSearchEventTypes = [
  'SavedSearchCreated',
  'SavedSearchRenamed',
  'SavedSearchAlertsChanged',
  'SavedSearchDeleted',
  'NotificationMailed',
  'NotificationMailSkipped',
  'NotificationMailFailed',
] as const satisfies SavedSearchEvent['type'][];

export const savedSearchStream = (savedSearchId: string) => `saved-search-${savedSearchId}`;

/**
 * A user's notifications in one organization were read: these, or every one up to and including
 * the notification at position `through` (what "Mark all read" had on screen, or newer).
 */
export type NotificationsRead = {
  type: 'NotificationsRead';
  data: { userId: string; notificationIds: string[]; through: string | null };
};
export const NOTIFICATIONS_READ = 'NotificationsRead';
export const NOTIFICATION_INBOX_SCHEMA_VERSION = 1;
export const notificationInboxStream = (orgId: string, userId: string) =>
  `notification-inbox-${orgId}_${userId}`;

/**
 * A notification is the alert of one saved search about one event: its id is made of both, so a
 * projector that applies the event again (after a restart, in a rebuild) makes the same one.
 */
export const notificationId = (savedSearchId: string, position: bigint | string) =>
  `${savedSearchId}.${position.toString()}`;

/** The saved search a notification id names. */
export function savedSearchOfNotification(id: string): string | null {
  const dot = id.lastIndexOf('.');
  return dot > 0 ? id.slice(0, dot) : null;
}

/** The actor of what the product does on its own for saved searches: the alert e-mails. */
export const SAVED_SEARCH_SYSTEM_ACTOR = 'system:saved-searches';
