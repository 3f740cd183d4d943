import { z } from 'zod';
import { FEED_SEQUENCE_DIGITS_MAX, feedEventTypes } from '../integrations/public-events.ts';
import { optionalText, plainText } from '../shared/fields.ts';
import { integerParam, LIMIT_MAX, pageParam } from '../shared/list-query.ts';

/**
 * Webhook endpoints (docs/integrations.md#webhooks): an organization's owners and admins register
 * URLs that receive its public events, each delivery signed the Standard Webhooks way.
 */

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** How long a rotated-out secret keeps signing beside the new one. */
export const WEBHOOK_PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

export const webhookMessages = {
  urlRequired: 'URL is required',
  urlTooLong: `URL cannot be more than ${WEBHOOK_URL_MAX} characters`,
  urlInvalid: 'URL must be a full web address, like https://example.com/webhooks',
  urlHttps: 'URL must start with https://',
  urlCredentials: 'URL must not contain a user name or password',
  urlPrivate: 'URL must point to a public address on the internet',
  urlUnresolved: 'URL host name could not be found',
  eventTypesRequired: 'Choose at least one event type',
  eventTypesDistinct: 'Each event type may be chosen once',
  eventTypesOneOf: `Event types must be among ${feedEventTypes.join(', ')}`,
  /** The same for a missing endpoint and another organization's, and without the id asked for. */
  notFound: 'Webhook not found',
  disabled: 'This webhook is disabled: enable it first',
  afterInvalid: `After must be a sequence of the feed: a whole number of at most ${FEED_SEQUENCE_DIGITS_MAX} digits`,
  eventIdInvalid: 'Event id must be the id of an event of the feed',
  enabledInvalid: 'Enabled must be true or false',
} as const;

/**
 * The address deliveries go to: an absolute http(s) URL without credentials. Whether plain http is
 * allowed, and where the host may point, is the command side's to check (WEBHOOK_ALLOW_HTTP,
 * WEBHOOK_ALLOW_PRIVATE_ADDRESSES).
 */
export const webhookUrl = () =>
  z
    .string({ error: webhookMessages.urlRequired })
    .trim()
    .min(1, webhookMessages.urlRequired)
    .max(WEBHOOK_URL_MAX, webhookMessages.urlTooLong)
    // The URL parser drops tabs and line breaks: refused here, the address is kept as it is written.
    .check(plainText('URL'))
    .superRefine((value, context) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        context.addIssue({ code: 'custom', message: webhookMessages.urlInvalid });
        return;
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        context.addIssue({ code: 'custom', message: webhookMessages.urlHttps });
      } else if (!url.hostname) {
        context.addIssue({ code: 'custom', message: webhookMessages.urlInvalid });
      } else if (url.username || url.password) {
        context.addIssue({ code: 'custom', message: webhookMessages.urlCredentials });
      }
    });

const eventTypes = () =>
  z
    .array(z.enum(feedEventTypes, { error: webhookMessages.eventTypesOneOf }), {
      error: webhookMessages.eventTypesRequired,
    })
    .min(1, webhookMessages.eventTypesRequired)
    .refine((types) => new Set(types).size === types.length, webhookMessages.eventTypesDistinct);

const description = () => optionalText('Description', WEBHOOK_DESCRIPTION_MAX);

/** POST /api/v1/webhooks. */
export const webhookCreateSchema = z.object({
  url: webhookUrl(),
  description: description().default(null),
  eventTypes: eventTypes(),
});
export type WebhookInput = z.output<typeof webhookCreateSchema>;

/** PATCH /api/v1/webhooks/:id: any of the fields, and `enabled` to turn deliveries off or on. */
export const webhookPatchSchema = z.object({
  url: webhookUrl().optional(),
  description: description().optional(),
  eventTypes: eventTypes().optional(),
  enabled: z.boolean({ error: webhookMessages.enabledInvalid }).optional(),
});
export type WebhookPatch = z.output<typeof webhookPatchSchema>;
export type WebhookChanges = Partial<WebhookInput>;

/** POST /api/v1/webhooks/:id/replay: every event after this sequence is sent again, in order. */
export const webhookReplaySchema = z.object({
  after: z
    .string({ error: webhookMessages.afterInvalid })
    .regex(new RegExp(`^\\d{1,${FEED_SEQUENCE_DIGITS_MAX}}$`), webhookMessages.afterInvalid),
});

/** POST /api/v1/webhooks/:id/redeliver: one event of the feed, by its id. */
export const webhookRedeliverSchema = z.object({
  eventId: z.uuid(webhookMessages.eventIdInvalid),
});

/** The rotate-secret and test routes take an empty object. */
export const webhookEmptySchema = z.object({});

export const webhookParamsSchema = z.object({
  id: z.uuid('Webhook id must be a UUID'),
});

/** GET /api/v1/webhooks/:id/deliveries. */
export const DELIVERIES_PAGE_SIZE_DEFAULT = 20;
export const webhookDeliveriesQuerySchema = z.object({
  page: pageParam(1),
  pageSize: integerParam('Page size', { min: 1, max: LIMIT_MAX, fallback: DELIVERIES_PAGE_SIZE_DEFAULT }),
});
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>;
