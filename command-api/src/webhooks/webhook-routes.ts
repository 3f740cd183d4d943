import { randomBytes, randomUUID } from 'node:crypto';
import { type AuthService, callerFirst, requireScope } from '@dispatch/auth';
import {
  notFound,
  okAnswerSchema,
  type WebhookAnswer,
  type WebhookCommand,
  type WebhookState,
  webhookAnswerSchema,
  webhookCreateSchema,
  webhookEmptySchema,
  webhookMessages,
  webhookParamsSchema,
  webhookPatchSchema,
  webhookRedeliverSchema,
  webhookReplaySchema,
  webhookSecretAnswerSchema,
} from '@dispatch/domain';
import { answers, HttpError, openToKeys, type RoutesPlugin } from '@dispatch/http';
import {
  collections,
  type DeliveryAttemptDocument,
  feedHead,
  type WebhookDocument,
  webhookAnswerOf,
} from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { webhooks } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';
import { checkWebhookUrl, type Resolver, systemResolver, type WebhookSettings } from './address-guard.ts';
import { freeWebhookPlace, takeWebhookPlace } from './webhook-places.ts';

export const WEBHOOKS_FORBIDDEN_MESSAGE = 'Only owners and admins may manage webhooks';

/** A signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

const webhooksScope = requireScope('webhooks');

/** Webhooks are managed by the organization's owners and admins, and by API keys with the webhooks scope. */
async function requireWebhookManager(auth: AuthService, request: FastifyRequest) {
  const actor = await webhooksScope(auth, request);
  if (actor.via === 'session' && actor.role !== 'owner' && actor.role !== 'admin')
    throw new HttpError(403, 'FORBIDDEN', WEBHOOKS_FORBIDDEN_MESSAGE);
  return actor;
}

export interface WebhookRoutesOptions {
  store: EventStore;
  auth: AuthService;
  documents: DocumentStore;
  webhookSettings: WebhookSettings;
  /** How registration resolves a URL's host (the system's DNS unless given). */
  webhookResolver?: Resolver;
  /** Told of every endpoint a command changed, so deliveries follow at once. */
  touched: (webhookId: string) => void;
}

/**
 * The webhook endpoints of the session's organization: registration, changes, removal, a new secret,
 * and the deliveries asked for (a test, a replay, one event again). Every write goes through the one
 * command handler; the deliverer hears of it and does the sending, never the request.
 */
export function webhookRoutes(options: WebhookRoutesOptions): RoutesPlugin {
  const { store, auth, documents, webhookSettings, touched } = options;
  const resolve = options.webhookResolver ?? systemResolver;

  /** The endpoint as its list shows it: its settings from its stream, how deliveries stand from the read model. */
  async function answerOf(id: string, state: WebhookState): Promise<WebhookAnswer> {
    if (state.status !== 'active') throw notFound(webhookMessages.notFound);
    const { endpoint } = state;
    const listed = await documents.get<WebhookDocument>(collections.webhooks, id);
    return webhookAnswerOf({
      id,
      orgId: endpoint.orgId,
      url: endpoint.url,
      description: endpoint.description,
      eventTypes: endpoint.eventTypes,
      enabled: endpoint.enabled,
      disabledReason: endpoint.disabledReason,
      createdBy: endpoint.createdBy,
      createdAt: endpoint.createdAt,
      secretRotatedAt: endpoint.secretRotatedAt,
      deliveredThrough: listed?.deliveredThrough ?? endpoint.after,
      lastAttempt: listed?.lastAttempt ?? null,
    });
  }

  /**
   * A delivery asked for (a test, a replay, one event again): recorded on the endpoint's stream, the
   * deliverer told, and answered 202: the sending is the deliverer's.
   */
  async function askDelivery(
    request: FastifyRequest,
    response: FastifyReply,
    actor: { orgId: string; userId: string },
    id: string,
    command: WebhookCommand | ((state: WebhookState) => Promise<WebhookCommand>),
  ) {
    const result = await handle(store, webhooks, id, command, commandContextOf(request, actor));
    touched(id);
    sendPosition(response, result);
    return response.status(202).send({ success: true });
  }

  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireWebhookManager));

    const created = openToKeys(
      'webhooks',
      answers({ 201: webhookSecretAnswerSchema }, { body: webhookCreateSchema }),
    );
    app.post('/api/v1/webhooks', created, async (request, response) => {
      const actor = await requireWebhookManager(auth, request);
      await checkWebhookUrl(request.body.url, webhookSettings, resolve);
      const webhookId = randomUUID();
      const secret = newWebhookSecret();
      const context = commandContextOf(request, actor);
      // The cap holds for endpoints added at the same moment too: each takes a place first.
      await takeWebhookPlace(store, documents, actor.orgId, webhookId, context);
      const result = await handle(
        store,
        webhooks,
        webhookId,
        {
          type: 'RegisterWebhook',
          data: {
            webhookId,
            orgId: actor.orgId,
            input: request.body,
            secret,
            createdBy: {
              id: actor.userId,
              name: actor.via === 'session' ? actor.session.user.name : actor.apiKey.name,
            },
            // A new endpoint hears what happens from now on; what came before can be replayed.
            after: String(await feedHead(documents, actor.orgId)),
          },
        },
        context,
        { create: true },
      ).catch(async (error: unknown) => {
        await freeWebhookPlace(store, actor.orgId, webhookId, context);
        throw error;
      });
      touched(webhookId);
      sendPosition(response, result);
      return response.status(201).send({ endpoint: await answerOf(webhookId, result.state), secret });
    });

    const changed = openToKeys(
      'webhooks',
      answers({ 200: webhookAnswerSchema }, { params: webhookParamsSchema, body: webhookPatchSchema }),
    );
    app.patch('/api/v1/webhooks/:id', changed, async (request, response) => {
      const actor = await requireWebhookManager(auth, request);
      const { id } = request.params;
      const { enabled, ...changes } = request.body;
      if (changes.url !== undefined) await checkWebhookUrl(changes.url, webhookSettings, resolve);
      const result = await handle(
        store,
        webhooks,
        id,
        { type: 'ChangeWebhook', data: { webhookId: id, orgId: actor.orgId, changes, enabled } },
        commandContextOf(request, actor),
      );
      if (result.events.length > 0) touched(id);
      sendPosition(response, result);
      return response.send(await answerOf(id, result.state));
    });

    const removed = openToKeys('webhooks', answers({ 204: null }, { params: webhookParamsSchema }));
    app.delete('/api/v1/webhooks/:id', removed, async (request, response) => {
      const actor = await requireWebhookManager(auth, request);
      const { id } = request.params;
      const context = commandContextOf(request, actor);
      const result = await handle(
        store,
        webhooks,
        id,
        { type: 'RemoveWebhook', data: { webhookId: id, orgId: actor.orgId } },
        context,
      );
      await freeWebhookPlace(store, actor.orgId, id, context);
      touched(id);
      sendPosition(response, result);
      return response.status(204).send();
    });

    const rotated = openToKeys(
      'webhooks',
      answers({ 200: webhookSecretAnswerSchema }, { params: webhookParamsSchema, body: webhookEmptySchema }),
    );
    app.post('/api/v1/webhooks/:id/rotate-secret', rotated, async (request, response) => {
      const actor = await requireWebhookManager(auth, request);
      const { id } = request.params;
      const secret = newWebhookSecret();
      const context = commandContextOf(request, actor);
      const result = await handle(
        store,
        webhooks,
        id,
        {
          type: 'RotateWebhookSecret',
          data: { webhookId: id, orgId: actor.orgId, secret, now: context.now() },
        },
        context,
      );
      touched(id);
      sendPosition(response, result);
      return response.send({ endpoint: await answerOf(id, result.state), secret });
    });

    const tested = openToKeys(
      'webhooks',
      answers({ 202: okAnswerSchema }, { params: webhookParamsSchema, body: webhookEmptySchema }),
    );
    app.post('/api/v1/webhooks/:id/test', tested, async (request, response) => {
      const actor = await requireWebhookManager(auth, request);
      const { id } = request.params;
      return askDelivery(request, response, actor, id, {
        type: 'RequestWebhookTest',
        data: { webhookId: id, orgId: actor.orgId, testId: randomUUID() },
      });
    });

    const replayed = openToKeys(
      'webhooks',
      answers({ 202: okAnswerSchema }, { params: webhookParamsSchema, body: webhookReplaySchema }),
    );
    app.post('/api/v1/webhooks/:id/replay', replayed, async (request, response) => {
      const actor = await requireWebhookManager(auth, request);
      const { id } = request.params;
      return askDelivery(request, response, actor, id, {
        type: 'RequestWebhookReplay',
        data: { webhookId: id, orgId: actor.orgId, after: request.body.after },
      });
    });

    const redelivered = openToKeys(
      'webhooks',
      answers({ 202: okAnswerSchema }, { params: webhookParamsSchema, body: webhookRedeliverSchema }),
    );
    app.post('/api/v1/webhooks/:id/redeliver', redelivered, async (request, response) => {
      const actor = await requireWebhookManager(auth, request);
      const { id } = request.params;
      const { eventId } = request.body;
      return askDelivery(request, response, actor, id, async (state) => {
        // Only an event this endpoint was sent can be sent again (after checking the endpoint is the caller's).
        if (state.status === 'active' && state.endpoint.orgId === actor.orgId) {
          const [sent] = await documents.find<DeliveryAttemptDocument>(collections.webhookDeliveries, {
            filter: { webhookId: { eq: id }, eventId: { eq: eventId } },
            limit: 1,
          });
          if (!sent) throw notFound(`Event ${eventId} was not sent to this webhook`);
        }
        return {
          type: 'RequestWebhookRedelivery' as const,
          data: { webhookId: id, orgId: actor.orgId, eventId },
        };
      });
    });
  };
}
