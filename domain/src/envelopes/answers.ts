import { z } from 'zod';
import { asOfAnswerSchema, dataAnswer, instantAnswer, pagedAnswer, sinceAnswer } from '../shared/answers.ts';
import { cancelReasons, deliveryMethods, envelopeStatuses, envelopeTypes } from './enums.ts';
import { templateIds } from './templates.ts';

const instantOrNull = instantAnswer().nullable();

/** An envelope as the sender's API answers it: the record of docs/rules.md#entities-and-fields and the table's extras. */
export const envelopeAnswerSchema = z.object({
  id: z.number().int(),
  envelopeId: z.string(),
  templateId: z.enum(templateIds),
  templateVersion: z.number().int(),
  envelopeStatus: z.enum(envelopeStatuses),
  deliveryMethod: z.enum(deliveryMethods),
  receiverName: z.string(),
  receiverEmail: z.string().nullable(),
  receiverPhoneNumber: z.string().nullable(),
  type: z.enum(envelopeTypes),
  signedOn: instantOrNull,
  isActive: z.boolean(),
  createdBy: z.string(),
  updatedBy: z.string(),
  organizationId: z.string(),
  createdAt: instantAnswer(),
  updatedAt: instantAnswer(),
  organizationName: z.string(),
  senderName: z.string(),
  signerName: z.string().nullable(),
  deliveredAt: instantOrNull,
  lastSentAt: instantAnswer(),
  expiresAt: instantAnswer(),
  remindersSent: z.number().int(),
  nextReminderAt: instantOrNull,
  voidReason: z.string().nullable(),
  rejectReason: z.string().nullable(),
  cancelReason: z.enum(cancelReasons).nullable(),
  version: z.number().int(),
  since: sinceAnswer(),
});
export type EnvelopeAnswer = z.output<typeof envelopeAnswerSchema>;

/** GET /api/v1/envelopes (docs/rules.md#api-calls). */
export const envelopesPageAnswerSchema = pagedAnswer(envelopeAnswerSchema).extend({ asOf: asOfAnswerSchema });
export type EnvelopesPageAnswer = z.output<typeof envelopesPageAnswerSchema>;

/** POST /api/v1/envelopes and GET /api/v1/envelopes/{envelopeId}. */
export const envelopeOneAnswerSchema = z.object({ success: z.literal(true), envelope: envelopeAnswerSchema });

/** POST /api/v1/envelopes/{envelopeId}/resend. */
export const envelopeResentAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  envelope: envelopeAnswerSchema,
});

/** POST /api/v1/envelopes/{envelopeId}/void. */
export const envelopeVoidedAnswerSchema = z.object({
  success: z.literal(true),
  voidedEnvelope: z.object({ envelopeId: z.string() }),
});

/** POST /api/v1/envelopes/{envelopeId}/link: a fresh signing link for the sender to hand over. */
export const signingLinkAnswerSchema = z.object({
  success: z.literal(true),
  link: z.url(),
  expiresAt: instantAnswer(),
});

/** GET /api/v1/envelopes/counts: every status, with zero where there is none. */
export const envelopeCountsAnswerSchema = dataAnswer(
  z.array(z.object({ count: z.number().int(), envelopeStatus: z.enum(envelopeStatuses) })),
);
export type EnvelopeCountsAnswer = z.output<typeof envelopeCountsAnswerSchema>;

const documentSchema = z.object({
  title: z.string(),
  version: z.number().int(),
  parties: z.object({
    organizationName: z.string(),
    receiverName: z.string(),
    receiverContact: z.string(),
    sentOn: z.string(),
  }),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
});

/** GET /api/v1/signing/{token}: what the receiver reads, without anything of the sender's account. */
export const signingDocumentAnswerSchema = z.object({
  success: z.literal(true),
  envelope: z.object({
    envelopeId: z.string(),
    envelopeStatus: z.enum(envelopeStatuses),
    type: z.enum(envelopeTypes),
    receiverName: z.string(),
    organizationName: z.string(),
    expiresAt: instantAnswer(),
  }),
  document: documentSchema,
});
export type SigningDocumentAnswer = z.output<typeof signingDocumentAnswerSchema>;

/** POST /api/v1/signing/{token}/sign and /reject. */
export const signingDoneAnswerSchema = z.object({
  success: z.literal(true),
  envelope: z.object({ envelopeId: z.string(), envelopeStatus: z.enum(envelopeStatuses) }),
});
