import type { FeedEventType } from '../integrations/public-events.ts';

export const WEBHOOK_SCHEMA_VERSION = 1;

/** Who registered an endpoint, as its list shows them. */
export interface WebhookCreator {
  id: string;
  name: string;
}

/**
 * The secret is kept in the event as it is, not hashed: every delivery is signed with it (an HMAC
 * needs the key itself). No read model and no answer holds it, except the answers of the commands
 * that make one (registration, rotation).
 */
export type WebhookEndpointRegistered = {
  type: 'WebhookEndpointRegistered';
  data: {
    webhookId: string;
    url: string;
    description: string | null;
    eventTypes: FeedEventType[];
    secret: string;
    createdBy: WebhookCreator;
    /** Deliveries start after this sequence of the feed: its head when the endpoint was registered. */
    after: string;
  };
};
export type WebhookEndpointChanged = {
  type: 'WebhookEndpointChanged';
  data: {
    webhookId: string;
    changes: { url?: string; description?: string | null; eventTypes?: FeedEventType[] };
  };
};
/** The new secret, and the one it replaces, which keeps signing beside it until `previousExpiresAt`. */
export type WebhookSecretRotated = {
  type: 'WebhookSecretRotated';
  data: { webhookId: string; secret: string; previousSecret: string; previousExpiresAt: string };
};
export type WebhookEndpointDisabled = {
  type: 'WebhookEndpointDisabled';
  data: { webhookId: string; reason: string };
};
export type WebhookEndpointEnabled = { type: 'WebhookEndpointEnabled'; data: { webhookId: string } };
export type WebhookEndpointRemoved = { type: 'WebhookEndpointRemoved'; data: { webhookId: string } };
/** Every event of the feed after `after` (a sequence) is sent again, in order. */
export type WebhookReplayRequested = {
  type: 'WebhookReplayRequested';
  data: { webhookId: string; after: string };
};
export type WebhookRedeliveryRequested = {
  type: 'WebhookRedeliveryRequested';
  data: { webhookId: string; eventId: string };
};
/** A `webhook.test` delivery, whose id is `testId`. */
export type WebhookTestRequested = {
  type: 'WebhookTestRequested';
  data: { webhookId: string; testId: string };
};

export type WebhookEvent =
  | WebhookEndpointRegistered
  | WebhookEndpointChanged
  | WebhookSecretRotated
  | WebhookEndpointDisabled
  | WebhookEndpointEnabled
  | WebhookEndpointRemoved
  | WebhookReplayRequested
  | WebhookRedeliveryRequested
  | WebhookTestRequested;

export const webhookEventTypes = [
  'WebhookEndpointRegistered',
  'WebhookEndpointChanged',
  'WebhookSecretRotated',
  'WebhookEndpointDisabled',
  'WebhookEndpointEnabled',
  'WebhookEndpointRemoved',
  'WebhookReplayRequested',
  'WebhookRedeliveryRequested',
  'WebhookTestRequested',
] as const satisfies readonly WebhookEvent['type'][];

export const webhookStream = (webhookId: string) => `webhook-${webhookId}`;

/** Why a delivery was made: the feed in order, a replay, a redelivery of one event, a test. */
export const deliveryKinds = ['feed', 'replay', 'redelivery', 'test'] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];

/** One HTTP attempt at delivering one event to one endpoint. */
export interface RecordedAttempt {
  id: string;
  eventId: string;
  eventType: string;
  sequence: string;
  kind: DeliveryKind;
  /** 1 for the first try of this event, 2 for its first retry… */
  attempt: number;
  at: string;
  ok: boolean;
  status: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
  /** When it is tried again; null once delivered or given up. */
  nextAttemptAt: string | null;
}

/**
 * Attempts recorded a batch at a time on the endpoint's deliveries stream. `deliveredThrough` is the
 * endpoint's cursor after them (the feed's sequence it has delivered or given up on through), and
 * `requestsThrough` the revision of the endpoint's stream whose requests (replay, redelivery, test)
 * the deliverer has taken in: a restarted deliverer resumes from both.
 */
export type WebhookAttemptsRecorded = {
  type: 'WebhookAttemptsRecorded';
  data: {
    webhookId: string;
    attempts: RecordedAttempt[];
    deliveredThrough: string;
    requestsThrough: string | null;
  };
};
export const WEBHOOK_ATTEMPTS_RECORDED = 'WebhookAttemptsRecorded';

export const webhookDeliveriesStream = (webhookId: string) => `webhookdeliveries-${webhookId}`;

/** The actor of what the deliverer records (attempts, an endpoint it disables). */
export const WEBHOOK_SYSTEM_ACTOR = 'system:webhooks';
