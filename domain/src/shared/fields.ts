import { z } from 'zod';

/** Field rules shared by the forms of SPEC section 5. */

export const US_PHONE_MESSAGE = 'Invalid US phone number. Must be 10 digits (with optional +1 prefix)';

export const usPhone = () =>
  z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, { error: 'Phone number is required', abort: true })
    .regex(/^(\+1)?\d{10}$/, US_PHONE_MESSAGE)
    // The country code is a field of its own: the number is kept as its ten digits.
    .transform((phone) => phone.replace(/^\+1/, ''));

/** The same phone rule for a number that may be left out: empty means null. */
export const optionalUsPhone = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .regex(/^(\+1)?\d{10}$/, US_PHONE_MESSAGE)
      .transform((phone) => phone.replace(/^\+1/, ''))
      .nullish()
      .transform((phone) => phone ?? null),
  );

/** The dialling prefix kept beside a ten-digit number. */
export const countryCode = () =>
  z
    .string()
    .trim()
    .regex(/^\+\d{1,3}$/, 'Country code must look like +1');

export const requiredText = (label: string, max?: { length: number; message: string }) => {
  const base = z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);
  return max ? base.max(max.length, max.message) : base;
};

/** Optional text where an empty string means null. */
export const optionalText = (max?: { length: number; message: string }) => {
  const text = max ? z.string().trim().max(max.length, max.message) : z.string().trim();
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    text.nullish().transform((value) => value ?? null),
  );
};

export const email = (label: string, max?: { length: number; message: string }) => {
  const base = z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(z.email('Enter a valid email address'));
  return max ? z.string().max(max.length, max.message).pipe(base) : base;
};

/** An e-mail that may be left out: empty means null, anything else must be valid. */
export const optionalEmail = (max?: { length: number; message: string }) => {
  const valid = z.string().trim().pipe(z.email('Enter a valid email address'));
  const text = max ? z.string().max(max.length, max.message).pipe(valid) : valid;
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    text.nullish().transform((value) => value ?? null),
  );
};

/** A calendar date or a date-time, carried as an ISO 8601 string. */
export const isoDate = (label: string) =>
  z.preprocess(
    (value) => (value instanceof Date ? value.toISOString() : value),
    z
      .string({ error: `${label} is required` })
      .min(1, `${label} is required`)
      .refine((value) => !Number.isNaN(Date.parse(value)), `${label} must be a valid date`)
      .transform((value) => new Date(value).toISOString()),
  );

/** Builds `{ field: [messages] }` from a zod error, for 400 responses and forms. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}
