import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireOrganization } from '@dispatch/auth';
import {
  type NotificationAnswer,
  notificationsPageAnswerSchema,
  notificationsQuerySchema,
  SAVED_SEARCHES_MAX,
  type SavedSearchAnswer,
  savedSearchesAnswerSchema,
  savedSearchesQuerySchema,
} from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import {
  collections,
  type NotificationDocument,
  type NotificationInboxDocument,
  notificationInboxId,
  type SavedSearchDocument,
} from '@dispatch/read-models';
import type { DocumentStore, Filter } from '@dispatch/storage';

/** A saved search as its owner gets it: what the store keeps only to find it left out. */
export function toSavedSearch(document: SavedSearchDocument): SavedSearchAnswer {
  const { id, name, kind, params, alert, createdAt, updatedAt, version } = document;
  return { id, name, kind, params: params as Record<string, unknown>, alert, createdAt, updatedAt, version };
}

/** A notification as its owner gets it; read once marked, or once "all" was read past it. */
export function toNotification(document: NotificationDocument, readThrough: number): NotificationAnswer {
  return {
    id: document.id,
    savedSearchId: document.savedSearchId,
    savedSearchName: document.savedSearchName,
    postingKind: document.postingKind,
    postingId: document.postingId,
    reason: document.reason,
    title: document.title,
    detail: document.detail,
    distance: document.distance,
    occurredAt: document.occurredAt,
    position: String(document.seq),
    read: document.read || document.seq <= readThrough,
    email: document.email,
    mailedAt: document.mailedAt,
  };
}

/**
 * The signed-in user's saved searches and notifications, in the session's organization only (both
 * are a user's own: nobody else's are ever listed).
 */
export function savedSearchQueries(options: { documents: DocumentStore; auth: AuthService }): RoutesPlugin {
  const { documents, auth } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireOrganization));
    app.get(
      '/api/v1/saved-searches',
      answers({ 200: savedSearchesAnswerSchema }, { querystring: savedSearchesQuerySchema }),
      async (request) => {
        const { orgId, userId } = await requireOrganization(auth, request);
        const rows = await documents.find<SavedSearchDocument>(collections.savedSearches, {
          filter: { orgId: { eq: orgId }, ownerId: { eq: userId } },
          sort: [{ field: 'createdAt', direction: 'desc' }],
          limit: SAVED_SEARCHES_MAX * 2,
        });
        return { success: true as const, data: rows.map(toSavedSearch), max: SAVED_SEARCHES_MAX };
      },
    );

    app.get(
      '/api/v1/notifications',
      answers({ 200: notificationsPageAnswerSchema }, { querystring: notificationsQuerySchema }),
      async (request) => {
        const { orgId, userId } = await requireOrganization(auth, request);
        const query = request.query;
        const inbox = await documents.get<NotificationInboxDocument>(
          collections.notificationInboxes,
          notificationInboxId(orgId, userId),
        );
        const readThrough = inbox?.readThrough ?? 0;
        // Only what alerts in the app: a search that alerts by e-mail alone keeps its notifications for the mail.
        const mine: Filter = { orgId: { eq: orgId }, userId: { eq: userId }, inApp: { eq: true } };
        const [rows, unreadCount] = await Promise.all([
          documents.find<NotificationDocument>(collections.notifications, {
            filter: query.before ? { ...mine, seq: { lt: Number(query.before) } } : mine,
            sort: [{ field: 'seq', direction: 'desc' }],
            // One more than asked: whether there is a next page.
            limit: query.limit + 1,
          }),
          documents.count(collections.notifications, {
            ...mine,
            read: { eq: false },
            seq: { gt: readThrough },
          }),
        ]);
        let page = rows.slice(0, query.limit);
        const last = page.at(-1);
        // The notifications of one event share its position, and the next page starts below it: a
        // page that would end inside such a group takes the whole group (at most one per saved search).
        if (last && rows[query.limit]?.seq === last.seq) {
          const group = await documents.find<NotificationDocument>(collections.notifications, {
            filter: { ...mine, seq: { eq: last.seq } },
            sort: [{ field: 'id', direction: 'asc' }],
          });
          page = [...page.filter((row) => row.seq !== last.seq), ...group];
        }
        const more = rows.length > query.limit && last !== undefined;
        return {
          success: true as const,
          data: page.map((row) => toNotification(row, readThrough)),
          unreadCount,
          nextCursor: more ? String(last.seq) : null,
        };
      },
    );
  };
}
