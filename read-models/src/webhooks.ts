import type {
  DeliveryAttempt,
  DeliveryKind,
  FeedEventType,
  WebhookAnswer,
  WebhookCreator,
} from '@dispatch/domain';
import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/**
 * An organization's webhook endpoints as their list shows them, with how far deliveries went. The
 * signing secret is never here: only the endpoint's stream holds it.
 */
export type WebhookDocument = {
  id: string;
  position: string;
  orgId: string;
  url: string;
  description: string | null;
  eventTypes: FeedEventType[];
  enabled: boolean;
  disabledReason: string | null;
  createdBy: WebhookCreator;
  createdAt: string;
  secretRotatedAt: string | null;
  deliveredThrough: string;
  lastAttempt: { at: string; ok: boolean; status: number | null } | null;
  /** The endpoint stream's revision the document reflects: the deliverer reads the stream again past it. */
  revision: string;
  /**
   * Where the deliveries stream stood at its last batch the document reflects: a restarted deliverer
   * starts from here and reads only the batches after `revision`.
   */
  deliveries?: DeliveriesProgress;
};

export interface DeliveriesProgress {
  revision: string;
  deliveredThrough: string;
  requestsThrough: string | null;
  /** The last successful attempt's time, in ms since 1970 (0: none yet). */
  lastSuccessAt: number;
}

/** One attempt of the delivery log; `order` sorts the log newest first across batches. */
export type DeliveryAttemptDocument = DeliveryAttempt & {
  position: string;
  orgId: string;
  webhookId: string;
  kind: DeliveryKind;
  order: number;
};

export const webhooksCollection: CollectionDefinition = {
  name: collections.webhooks,
  fields: { orgId: 'text', createdAt: 'date' },
  indexEachField: false,
  indexes: [['orgId', 'createdAt']],
};

export const webhookDeliveriesCollection: CollectionDefinition = {
  name: collections.webhookDeliveries,
  fields: { webhookId: 'text', order: 'number', eventId: 'text' },
  indexEachField: false,
  // The log newest first; an event's attempts, for its redelivery.
  indexes: [
    ['webhookId', 'order'],
    ['webhookId', 'eventId'],
  ],
};

/** An endpoint as the API answers it. */
export function webhookAnswerOf(document: Omit<WebhookDocument, 'position' | 'revision'>): WebhookAnswer {
  const status = !document.enabled
    ? 'disabled'
    : document.lastAttempt && !document.lastAttempt.ok
      ? 'failing'
      : 'enabled';
  return {
    id: document.id,
    url: document.url,
    description: document.description,
    eventTypes: document.eventTypes,
    status,
    disabledReason: document.disabledReason,
    createdBy: document.createdBy,
    createdAt: document.createdAt,
    secretRotatedAt: document.secretRotatedAt,
    deliveredThrough: document.deliveredThrough,
    lastAttempt: document.lastAttempt,
  };
}

export const deliveryAttemptOf = (document: DeliveryAttemptDocument): DeliveryAttempt => ({
  id: document.id,
  eventId: document.eventId,
  eventType: document.eventType,
  sequence: document.sequence,
  kind: document.kind,
  attempt: document.attempt,
  at: document.at,
  ok: document.ok,
  status: document.status,
  durationMs: document.durationMs,
  responseExcerpt: document.responseExcerpt,
  error: document.error,
  nextAttemptAt: document.nextAttemptAt,
});
