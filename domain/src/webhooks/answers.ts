import { z } from 'zod';
import { feedEventTypes } from '../integrations/public-events.ts';
import { instantAnswer } from '../shared/answers.ts';
import { deliveryKinds } from './events.ts';

const sequenceAnswer = () => z.string().regex(/^\d+$/);

export const webhookStatuses = ['enabled', 'failing', 'disabled'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

/** One endpoint as its list shows it: never its secret. */
export const webhookAnswerSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.enum(feedEventTypes)),
  status: z.enum(webhookStatuses),
  disabledReason: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: instantAnswer(),
  secretRotatedAt: instantAnswer().nullable(),
  deliveredThrough: sequenceAnswer(),
  lastAttempt: z
    .object({ at: instantAnswer(), ok: z.boolean(), status: z.number().int().nullable() })
    .nullable(),
});
export type WebhookAnswer = z.output<typeof webhookAnswerSchema>;

/** Registration and rotation: the secret is shown in this answer only. */
export const webhookSecretAnswerSchema = z.object({
  endpoint: webhookAnswerSchema,
  secret: z.string().startsWith('whsec_'),
});
export type WebhookSecretAnswer = z.output<typeof webhookSecretAnswerSchema>;

export const webhooksAnswerSchema = z.object({ items: z.array(webhookAnswerSchema) });
export type WebhooksAnswer = z.output<typeof webhooksAnswerSchema>;

export const deliveryAttemptSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  sequence: sequenceAnswer(),
  /** Why it was made: the feed in order, a replay, a redelivery of one event, a test. */
  kind: z.enum(deliveryKinds),
  attempt: z.number().int().positive(),
  at: instantAnswer(),
  ok: z.boolean(),
  status: z.number().int().nullable(),
  durationMs: z.number().int().nonnegative(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  nextAttemptAt: instantAnswer().nullable(),
});
export type DeliveryAttempt = z.output<typeof deliveryAttemptSchema>;

export const webhookDeliveriesAnswerSchema = z.object({
  items: z.array(deliveryAttemptSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type WebhookDeliveriesAnswer = z.output<typeof webhookDeliveriesAnswerSchema>;
