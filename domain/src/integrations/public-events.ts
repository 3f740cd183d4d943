import { z } from 'zod';
import type { ApiKeyScope } from '../api-keys/scopes.ts';
import { instantAnswer } from '../shared/answers.ts';
import { integerParam } from '../shared/list-query.ts';

/**
 * The events an organization's integrations see (the event feed, GET /api/v1/events, and webhooks):
 * a stable public vocabulary, apart from the event store's own event types, whose data speaks the
 * API's field names and leaves out what is internal (link hashes, receivers' addresses and browsers).
 */
export const publicEventTypes = [
  'truck.posted',
  'truck.edited',
  'truck.removed',
  'truck.refreshed',
  'truck.expired',
  'load.posted',
  'load.edited',
  'load.removed',
  'load.refreshed',
  'load.expired',
  'envelope.sent',
  'envelope.delivered',
  'envelope.completed',
  'envelope.rejected',
  'envelope.voided',
  'envelope.cancelled',
  'member.joined',
  'member.left',
  'search.matched',
  'webhook.test',
] as const;
export type PublicEventType = (typeof publicEventTypes)[number];

/** A webhook's test delivery: sent only by a test, never in the feed. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test' satisfies PublicEventType;

/** The types the feed holds: every public type but the test delivery. */
export const feedEventTypes = publicEventTypes.filter(
  (type): type is Exclude<PublicEventType, 'webhook.test'> => type !== WEBHOOK_TEST_EVENT_TYPE,
);
export type FeedEventType = Exclude<PublicEventType, 'webhook.test'>;

export const publicEventLabels: Record<PublicEventType, string> = {
  'truck.posted': 'Truck posted',
  'truck.edited': 'Truck edited',
  'truck.removed': 'Truck removed',
  'truck.refreshed': 'Truck refreshed',
  'truck.expired': 'Truck expired',
  'load.posted': 'Load posted',
  'load.edited': 'Load edited',
  'load.removed': 'Load removed',
  'load.refreshed': 'Load refreshed',
  'load.expired': 'Load expired',
  'envelope.sent': 'Envelope sent',
  'envelope.delivered': 'Envelope delivered',
  'envelope.completed': 'Envelope completed',
  'envelope.rejected': 'Envelope rejected',
  'envelope.voided': 'Envelope voided',
  'envelope.cancelled': 'Envelope cancelled',
  'member.joined': 'Member joined',
  'member.left': 'Member left',
  'search.matched': 'Saved search matched',
  'webhook.test': 'Test delivery',
};

/**
 * The API key scope that lets a key see each type: postings need postings:read, envelopes need
 * envelopes, members and saved-search matches need activity. A test delivery goes to whoever may
 * manage the endpoint (webhooks).
 */
export const publicEventScope: Record<PublicEventType, ApiKeyScope> = {
  'truck.posted': 'postings:read',
  'truck.edited': 'postings:read',
  'truck.removed': 'postings:read',
  'truck.refreshed': 'postings:read',
  'truck.expired': 'postings:read',
  'load.posted': 'postings:read',
  'load.edited': 'postings:read',
  'load.removed': 'postings:read',
  'load.refreshed': 'postings:read',
  'load.expired': 'postings:read',
  'envelope.sent': 'envelopes',
  'envelope.delivered': 'envelopes',
  'envelope.completed': 'envelopes',
  'envelope.rejected': 'envelopes',
  'envelope.voided': 'envelopes',
  'envelope.cancelled': 'envelopes',
  'member.joined': 'activity',
  'member.left': 'activity',
  'search.matched': 'activity',
  'webhook.test': 'webhooks',
};

/** The feed's types a key with these scopes may see. */
export const feedTypesCoveredBy = (scopes: readonly string[]): FeedEventType[] =>
  feedEventTypes.filter((type) => scopes.includes(publicEventScope[type]));

export const isPublicEventType = (type: string): type is PublicEventType =>
  (publicEventTypes as readonly string[]).includes(type);

/** A sequence of the feed written as a decimal string. */
const sequenceAnswer = () => z.string().regex(/^\d+$/);

/**
 * One event of the feed (and the body of one webhook delivery). `sequence` counts the organization's
 * own events, 1, 2, 3… with no gaps; `id` is the event's, the same on every delivery of it.
 */
export const feedItemSchema = z.object({
  id: z.string(),
  sequence: sequenceAnswer(),
  type: z.enum(publicEventTypes),
  timestamp: instantAnswer(),
  data: z.record(z.string(), z.unknown()),
});
export type FeedItem = z.output<typeof feedItemSchema>;

/** GET /api/v1/events: `next` is the last item's sequence (or `after` when there is none). */
export const feedPageAnswerSchema = z.object({
  items: z.array(feedItemSchema),
  next: sequenceAnswer(),
  hasMore: z.boolean(),
});
export type FeedPageAnswer = z.output<typeof feedPageAnswerSchema>;

export const FEED_LIMIT_MAX = 500;
export const FEED_LIMIT_DEFAULT = 100;
/** Longest a request waits for an event (seconds). */
export const FEED_WAIT_MAX = 30;
/** Digits of a sequence: far more than any organization's events, and still an exact number. */
export const FEED_SEQUENCE_DIGITS_MAX = 15;

const AFTER_MESSAGE = `After must be a sequence of the feed: a whole number of at most ${FEED_SEQUENCE_DIGITS_MAX} digits`;
const isFeedEventType = (type: string): type is FeedEventType =>
  (feedEventTypes as readonly string[]).includes(type);

export const feedTypesMessage = () => `Types must be among ${feedEventTypes.join(', ')}`;

const emptyToAbsent = (value: unknown) => (value === '' ? undefined : value);

/** The query of GET /api/v1/events. */
export const feedQuerySchema = z
  .object({
    after: z.preprocess(
      emptyToAbsent,
      z
        .string({ error: AFTER_MESSAGE })
        .regex(new RegExp(`^\\d{1,${FEED_SEQUENCE_DIGITS_MAX}}$`), AFTER_MESSAGE)
        .transform(Number)
        .default(0),
    ),
    types: z.preprocess(
      (value) => {
        if (value === undefined || value === '') return undefined;
        const list = Array.isArray(value) ? value : [value];
        return list
          .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
          .map((item) => (typeof item === 'string' ? item.trim() : item))
          .filter((item) => item !== '');
      },
      z
        .array(z.string(), { error: feedTypesMessage })
        .min(1, feedTypesMessage())
        // One message for the field, whichever of its types is unknown.
        .refine((types) => types.every(isFeedEventType), { error: feedTypesMessage })
        .transform((types) => [...new Set(types)] as FeedEventType[])
        .optional(),
    ),
    limit: integerParam('Limit', { min: 1, max: FEED_LIMIT_MAX, fallback: FEED_LIMIT_DEFAULT }),
    wait: integerParam('Wait', { min: 0, max: FEED_WAIT_MAX, fallback: 0 }),
  })
  .strict();
export type FeedQuery = z.output<typeof feedQuerySchema>;
