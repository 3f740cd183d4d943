import { randomUUID } from 'node:crypto';
import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireOrganization } from '@dispatch/auth';
import {
  NOTIFICATIONS_READ,
  notificationsReadAnswerSchema,
  notificationsReadSchema,
  savedSearchCreateSchema,
  savedSearchOneAnswerSchema,
  savedSearchParamsIdSchema,
  savedSearchPatchSchema,
  versionQuerySchema,
} from '@dispatch/domain';
import { answers, InputError, type RoutesPlugin } from '@dispatch/http';
import { placeOf } from '@dispatch/places';
import {
  collections,
  type NotificationDocument,
  type NotificationInboxDocument,
  notificationInboxId,
} from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { notificationInboxes, savedSearches } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';
import { freeSavedSearchPlace, takeSavedSearchPlace } from './saved-search-places.ts';

/**
 * Saved searches (any member keeps their own, in the session's organization) and the reading of
 * their notifications. Another user's search, or another organization's, is answered as not found.
 */
export function savedSearchRoutes(options: {
  store: EventStore;
  auth: AuthService;
  documents: DocumentStore;
}): RoutesPlugin {
  const { store, auth, documents } = options;

  /** The user's unread notifications shown in the app, and how far "all" has been read. */
  async function unread(orgId: string, userId: string) {
    const inbox = await documents.get<NotificationInboxDocument>(
      collections.notificationInboxes,
      notificationInboxId(orgId, userId),
    );
    const filter = {
      orgId: { eq: orgId },
      userId: { eq: userId },
      inApp: { eq: true },
      read: { eq: false },
      seq: { gt: inbox?.readThrough ?? 0 },
    };
    return { filter, readThrough: inbox?.readThrough ?? 0 };
  }

  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireOrganization));
    app.post(
      '/api/v1/saved-searches',
      answers({ 201: savedSearchOneAnswerSchema }, { body: savedSearchCreateSchema }),
      async (request, response) => {
        const actor = await requireOrganization(auth, request);
        const input = request.body;
        // A radius search measures from a place the map knows, as the radius search itself does.
        if (input.kind === 'radius' && !placeOf(input.params.state, input.params.city)) {
          throw new InputError('body', { 'params.city': [`City not found in ${input.params.state}`] });
        }
        const savedSearchId = randomUUID();
        const context = commandContextOf(request, actor);
        // The cap holds for saves made at the same moment too: each takes a place first (see there).
        await takeSavedSearchPlace(store, documents, actor, savedSearchId, context);
        const result = await handle(
          store,
          savedSearches,
          savedSearchId,
          {
            type: 'CreateSavedSearch',
            data: { savedSearchId, orgId: actor.orgId, ownerId: actor.userId, input },
          },
          context,
          { create: true },
        ).catch(async (error: unknown) => {
          await freeSavedSearchPlace(store, actor, savedSearchId, context);
          throw error;
        });
        sendPosition(response, result);
        return response.status(201).send({ success: true, data: result.state.view });
      },
    );

    app.patch(
      '/api/v1/saved-searches/:id',
      answers(
        { 200: savedSearchOneAnswerSchema },
        { params: savedSearchParamsIdSchema, body: savedSearchPatchSchema },
      ),
      async (request, response) => {
        const actor = await requireOrganization(auth, request);
        const { id } = request.params;
        const { version, name, alert } = request.body;
        const result = await handle(
          store,
          savedSearches,
          id,
          {
            type: 'ChangeSavedSearch',
            data: { savedSearchId: id, orgId: actor.orgId, userId: actor.userId, name, alert },
          },
          commandContextOf(request, actor),
          { statedRevision: version === undefined ? undefined : BigInt(version) },
        );
        sendPosition(response, result);
        return response.send({ success: true, data: result.state.view });
      },
    );

    const removed = answers(
      { 204: null },
      { params: savedSearchParamsIdSchema, querystring: versionQuerySchema },
    );
    app.delete('/api/v1/saved-searches/:id', removed, async (request, response) => {
      const actor = await requireOrganization(auth, request);
      const { id } = request.params;
      const { version } = request.query;
      const context = commandContextOf(request, actor);
      const result = await handle(
        store,
        savedSearches,
        id,
        { type: 'DeleteSavedSearch', data: { savedSearchId: id, orgId: actor.orgId, userId: actor.userId } },
        context,
        { statedRevision: version === undefined ? undefined : BigInt(version) },
      );
      await freeSavedSearchPlace(store, actor, id, context);
      sendPosition(response, result);
      return response.status(204).send();
    });

    app.post(
      '/api/v1/notifications/read',
      answers({ 200: notificationsReadAnswerSchema }, { body: notificationsReadSchema }),
      async (request, response) => {
        const actor = await requireOrganization(auth, request);
        const { ids } = request.body;
        const { filter, readThrough } = await unread(actor.orgId, actor.userId);
        let notificationIds: string[] = [];
        let through: string | null = null;
        let marked = 0;
        if (ids) {
          // Only the reader's own unread notifications: anything else is left alone, and said nothing of.
          const found = await Promise.all(
            [...new Set(ids)].map((id) => documents.get<NotificationDocument>(collections.notifications, id)),
          );
          notificationIds = found
            .filter(
              (notification): notification is NotificationDocument =>
                notification !== null &&
                notification.orgId === actor.orgId &&
                notification.userId === actor.userId &&
                notification.inApp &&
                !notification.read &&
                notification.seq > readThrough,
            )
            .map((notification) => notification.id);
          marked = notificationIds.length;
        } else {
          const [newest] = await documents.find<NotificationDocument>(collections.notifications, {
            filter,
            sort: [{ field: 'seq', direction: 'desc' }],
            limit: 1,
          });
          if (newest) {
            through = String(newest.seq);
            marked = await documents.count(collections.notifications, filter);
          }
        }
        // Nothing unread: nothing to record.
        if (notificationIds.length === 0 && through === null)
          return response.send({ success: true, marked: 0 });
        // Nothing to decide: reading is always accepted, and appended to the reader's inbox as it stands.
        const result = await handle(
          store,
          notificationInboxes,
          actor,
          { type: NOTIFICATIONS_READ, data: { userId: actor.userId, notificationIds, through } },
          commandContextOf(request, actor),
          { unconditional: true },
        );
        sendPosition(response, result);
        return response.send({ success: true, marked });
      },
    );
  };
}
