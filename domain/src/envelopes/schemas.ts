import { z } from 'zod';
import { optionalEmail, optionalText, optionalUsPhone, requiredText } from '../shared/fields.ts';
import { deliveryMethods, envelopeTypes } from './enums.ts';
import {
  defaultTemplateOf,
  type TemplateId,
  templateIds,
  templateLabels,
  templateTypes,
} from './templates.ts';

export const RECEIVER_EMAIL_REQUIRED = 'Receiver email is required for e-mail delivery';
export const RECEIVER_PHONE_REQUIRED = 'Receiver phone number is required for SMS delivery';

/**
 * The send form (POST /api/v1/envelopes): names and e-mails up to 50 characters (docs/rules.md#constants-and-limits),
 * the spec's phone rule; e-mail delivery needs the e-mail, SMS the phone number. The template
 * defaults to the type's own and must fit it.
 */
export const envelopeSendSchema = z
  .object({
    type: z.enum(envelopeTypes, { error: 'Type must be driver or client' }),
    deliveryMethod: z.enum(deliveryMethods, { error: 'Delivery method must be email or SMS' }),
    receiverName: requiredText('Receiver name', 50),
    receiverEmail: optionalEmail('Receiver email', 50),
    receiverPhoneNumber: optionalUsPhone(),
    templateId: z.enum(templateIds, { error: 'Choose one of the agreements' }).optional(),
  })
  .strict()
  .superRefine((input, context) => {
    if (input.deliveryMethod === 'email' && !input.receiverEmail) {
      context.addIssue({ code: 'custom', path: ['receiverEmail'], message: RECEIVER_EMAIL_REQUIRED });
    }
    if (input.deliveryMethod === 'SMS' && !input.receiverPhoneNumber) {
      context.addIssue({ code: 'custom', path: ['receiverPhoneNumber'], message: RECEIVER_PHONE_REQUIRED });
    }
    if (input.templateId && templateTypes[input.templateId] !== input.type) {
      context.addIssue({
        code: 'custom',
        path: ['templateId'],
        message: `The ${templateLabels[input.templateId]} is not for ${input.type} envelopes`,
      });
    }
  })
  .transform((input) => ({
    ...input,
    // Only the channel used is kept: a phone number typed before switching to e-mail is not sent anywhere.
    receiverEmail: input.deliveryMethod === 'email' ? input.receiverEmail : null,
    receiverPhoneNumber: input.deliveryMethod === 'SMS' ? input.receiverPhoneNumber : null,
    templateId: (input.templateId ?? defaultTemplateOf[input.type]) as TemplateId,
  }));
export type EnvelopeSendInput = z.output<typeof envelopeSendSchema>;
/** The send form as the web app fills it, before parsing. */
export type EnvelopeSendForm = z.input<typeof envelopeSendSchema>;

export const envelopeVoidSchema = z
  .object({ voidReason: optionalText('Void reason', 500, 'lines') })
  .strict();

/** The largest drawn signature accepted, as a data URL (a signature pad's PNG is far smaller). */
export const SIGNATURE_MAX_CHARS = 300_000;
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;
// The first bytes of every PNG file, base64-encoded.
const PNG_MAGIC_BASE64 = 'iVBORw0KGgo';

export const signatureField = () =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string({ error: 'Signature must be a drawn image' })
      .max(SIGNATURE_MAX_CHARS, 'The signature image is too large')
      .regex(PNG_DATA_URL, { error: 'Signature must be a PNG image', abort: true })
      .refine(
        (value) => value.slice('data:image/png;base64,'.length).startsWith(PNG_MAGIC_BASE64),
        'Signature must be a PNG image',
      )
      .nullish()
      .transform((value) => value ?? null),
  );

export const envelopeSignSchema = z
  .object({
    signerName: requiredText('Signer name', 50),
    signature: signatureField(),
  })
  .strict();
export type EnvelopeSignInput = z.output<typeof envelopeSignSchema>;

export const envelopeRejectSchema = z.object({ reason: requiredText('Reason', 500, 'lines') }).strict();

/** The signing link's token: the envelope id, a dot, and 43 characters of secret (256 bits). */
export const signingTokenParams = z.object({
  token: z
    .string()
    .max(120, 'This signing link is not valid')
    .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/, 'This signing link is not valid'),
});

export const envelopeIdParams = z.object({
  envelopeId: z.uuid({ error: 'Envelope id must be a valid id' }),
});

// The list's parameters live in their own module, without the send form's phone rule: the board's
// first screen loads them, not libphonenumber.
export { type EnvelopeListQuery, envelopeCountsQuerySchema, envelopeListQuerySchema } from './list-query.ts';
