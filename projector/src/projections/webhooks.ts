import {
  type RecordedAttempt,
  WEBHOOK_ATTEMPTS_RECORDED,
  type WebhookAttemptsRecorded,
  type WebhookEvent,
  webhookEventTypes,
} from '@dispatch/domain';
import {
  collections,
  type DeliveryAttemptDocument,
  type WebhookDocument,
  webhookDeliveriesCollection,
  webhooksCollection,
} from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { Projection, ProjectionContext } from '../projection.ts';

/** Attempts of one batch sort after every attempt of the batches before it. */
const ORDER_PER_BATCH = 1000;

type Stored = Omit<WebhookDocument, 'position'>;

async function stored(context: ProjectionContext, id: string): Promise<Stored | null> {
  const document = await context.get<WebhookDocument>(collections.webhooks, id);
  if (!document) return null;
  const { position: _position, ...fields } = document;
  return fields;
}

function applyEndpointEvent(
  current: Stored | null,
  event: WebhookEvent & RecordedEvent,
): Stored | null | 'removed' {
  const revision = event.revision.toString();
  if (event.type === 'WebhookEndpointRegistered') {
    const { webhookId, url, description, eventTypes, createdBy, after } = event.data;
    return {
      id: webhookId,
      orgId: event.metadata.orgId,
      url,
      description,
      eventTypes,
      enabled: true,
      disabledReason: null,
      createdBy,
      createdAt: event.metadata.occurredAt,
      secretRotatedAt: null,
      deliveredThrough: current?.deliveredThrough ?? after,
      lastAttempt: current?.lastAttempt ?? null,
      revision,
    };
  }
  if (!current) return null;
  switch (event.type) {
    case 'WebhookEndpointChanged':
      return { ...current, ...event.data.changes, revision };
    case 'WebhookSecretRotated':
      return { ...current, secretRotatedAt: event.metadata.occurredAt, revision };
    case 'WebhookEndpointDisabled':
      return { ...current, enabled: false, disabledReason: event.data.reason, revision };
    case 'WebhookEndpointEnabled':
      return { ...current, enabled: true, disabledReason: null, revision };
    case 'WebhookEndpointRemoved':
      return 'removed';
    default:
      // Requests (replay, redelivery, test) change nothing the list shows; the deliverer reads them.
      return { ...current, revision };
  }
}

function attemptDocument(
  attempt: RecordedAttempt,
  index: number,
  event: RecordedEvent,
  webhookId: string,
): Omit<DeliveryAttemptDocument, 'position'> {
  return {
    ...attempt,
    orgId: event.metadata.orgId,
    webhookId,
    order: Number(event.position) * ORDER_PER_BATCH + index,
  };
}

/**
 * The webhook endpoints' list (without their secrets) and each endpoint's delivery log, from the
 * endpoints' streams and the attempts the deliverer records.
 */
export const webhooksProjection: Projection = {
  name: 'webhooks',
  collections: [webhooksCollection, webhookDeliveriesCollection],
  eventTypes: [...webhookEventTypes, WEBHOOK_ATTEMPTS_RECORDED],
  async apply(recorded: RecordedEvent, context) {
    if (recorded.type === WEBHOOK_ATTEMPTS_RECORDED) {
      const event = recorded as unknown as WebhookAttemptsRecorded & RecordedEvent;
      const { webhookId, attempts, deliveredThrough } = event.data;
      attempts.forEach((attempt, index) => {
        context.put(collections.webhookDeliveries, attemptDocument(attempt, index, recorded, webhookId));
      });
      const current = await stored(context, webhookId);
      if (!current) return;
      const last = attempts.at(-1);
      const succeeded = attempts.filter((attempt) => attempt.ok).map((attempt) => Date.parse(attempt.at));
      context.put(collections.webhooks, {
        ...current,
        deliveredThrough,
        deliveries: {
          revision: recorded.revision.toString(),
          deliveredThrough,
          requestsThrough: event.data.requestsThrough,
          lastSuccessAt: Math.max(current.deliveries?.lastSuccessAt ?? 0, ...succeeded),
        },
        lastAttempt: last ? { at: last.at, ok: last.ok, status: last.status } : current.lastAttempt,
      });
      return;
    }
    const event = recorded as unknown as WebhookEvent & RecordedEvent;
    const id = event.data.webhookId;
    const next = applyEndpointEvent(await stored(context, id), event);
    if (next === 'removed') context.delete(collections.webhooks, id);
    else if (next) context.put(collections.webhooks, next);
  },
};
