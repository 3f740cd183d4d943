import { type AuthService, callerFirst, requireScope } from '@dispatch/auth';
import {
  notFound,
  webhookDeliveriesAnswerSchema,
  webhookDeliveriesQuerySchema,
  webhookMessages,
  webhookParamsSchema,
  webhooksAnswerSchema,
} from '@dispatch/domain';
import { answers, HttpError, openToKeys, type RoutesPlugin } from '@dispatch/http';
import {
  collections,
  type DeliveryAttemptDocument,
  deliveryAttemptOf,
  type WebhookDocument,
  webhookAnswerOf,
} from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';
import type { FastifyRequest } from 'fastify';

export const WEBHOOKS_FORBIDDEN_MESSAGE = 'Only owners and admins may manage webhooks';

/** The most endpoints an organization's list answers with. */
const ENDPOINTS_MAX = 500;

const webhooksScope = requireScope('webhooks');

/** Webhooks are for the organization's owners and admins, and for API keys with the webhooks scope. */
async function requireWebhookManager(auth: AuthService, request: FastifyRequest) {
  const actor = await webhooksScope(auth, request);
  if (actor.via === 'session' && actor.role !== 'owner' && actor.role !== 'admin')
    throw new HttpError(403, 'FORBIDDEN', WEBHOOKS_FORBIDDEN_MESSAGE);
  return actor;
}

/**
 * The session's organization's webhook endpoints (never their secrets) and each one's delivery log,
 * newest first. Another organization's endpoint is not found.
 */
export function webhookQueries(options: { documents: DocumentStore; auth: AuthService }): RoutesPlugin {
  const { documents, auth } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireWebhookManager));

    app.get(
      '/api/v1/webhooks',
      openToKeys('webhooks', answers({ 200: webhooksAnswerSchema })),
      async (request) => {
        const { orgId } = await requireWebhookManager(auth, request);
        const rows = await documents.find<WebhookDocument>(collections.webhooks, {
          filter: { orgId: { eq: orgId } },
          sort: [{ field: 'createdAt', direction: 'asc' }],
          limit: ENDPOINTS_MAX,
        });
        return { items: rows.map(webhookAnswerOf) };
      },
    );

    app.get(
      '/api/v1/webhooks/:id/deliveries',
      openToKeys(
        'webhooks',
        answers(
          { 200: webhookDeliveriesAnswerSchema },
          { params: webhookParamsSchema, querystring: webhookDeliveriesQuerySchema },
        ),
      ),
      async (request) => {
        const { orgId } = await requireWebhookManager(auth, request);
        const { id } = request.params;
        const endpoint = await documents.get<WebhookDocument>(collections.webhooks, id);
        if (!endpoint || endpoint.orgId !== orgId) throw notFound(webhookMessages.notFound);
        const { page, pageSize } = request.query;
        const filter = { webhookId: { eq: id } };
        const [rows, total] = await Promise.all([
          documents.find<DeliveryAttemptDocument>(collections.webhookDeliveries, {
            filter,
            sort: [{ field: 'order', direction: 'desc' }],
            skip: (page - 1) * pageSize,
            limit: pageSize,
          }),
          documents.count(collections.webhookDeliveries, filter),
        ]);
        return { items: rows.map(deliveryAttemptOf), total, page, pageSize };
      },
    );
  };
}
