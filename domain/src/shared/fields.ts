import { z } from 'zod';

/** Field rules shared by the forms of SPEC section 5. */

/**
 * A length limit: a number (the message then names the field) or a length with the exact message
 * to show (the spec's own words where it gives a maximum).
 */
export type MaxLength = number | { length: number; message: string };

/** The server's cap on a text field the spec gives no maximum: no text field is ever unbounded. */
export const TEXT_MAX = 200;
/** The server's cap on notes where the spec gives no maximum (the edit forms). */
export const NOTES_MAX = 2000;
/** RFC 5321's limit for an address. */
export const EMAIL_MAX = 254;

const maxOf = (label: string, max: MaxLength) =>
  typeof max === 'number' ? { length: max, message: `${label} cannot be more than ${max} characters` } : max;

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

/** Required text, trimmed; at most `max` characters (by default TEXT_MAX, the message naming the field). */
export const requiredText = (label: string, max: MaxLength = TEXT_MAX) => {
  const limit = maxOf(label, max);
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(limit.length, limit.message);
};

/**
 * Optional text where an empty string means null; at most `max` characters (by default TEXT_MAX,
 * the message naming the field).
 */
export const optionalText = (label: string, max: MaxLength = TEXT_MAX) => {
  const limit = maxOf(label, max);
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(limit.length, limit.message)
      .nullish()
      .transform((value) => value ?? null),
  );
};

/** A required e-mail address; at most `max` characters (by default EMAIL_MAX). */
export const email = (label: string, max: MaxLength = EMAIL_MAX) => {
  const limit = maxOf(label, max);
  const valid = z.string().min(1, `${label} is required`).pipe(z.email('Enter a valid email address'));
  return z
    .string({ error: `${label} is required` })
    .trim()
    .max(limit.length, limit.message)
    .pipe(valid);
};

/** An e-mail that may be left out: empty means null, anything else must be valid (at most `max` characters). */
export const optionalEmail = (label: string, max: MaxLength = EMAIL_MAX) => {
  const limit = maxOf(label, max);
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(limit.length, limit.message)
      .pipe(z.email('Enter a valid email address'))
      .nullish()
      .transform((value) => value ?? null),
  );
};

/** The years a date may fall in: far enough either way for any posting, and well inside what Date can hold. */
export const MIN_DATE_YEAR = 1970;
export const MAX_DATE_YEAR = 2200;

/**
 * `YYYY-MM-DD`, or that date with `THH:mm`, optional seconds and fraction, and an optional `Z` or
 * `±HH:MM` offset: ISO 8601 as an API carries it, and nothing else Date.parse would also read
 * ("1", "March 2", "+275760-09-13").
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))?)?$/;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Whether `value` is an ISO 8601 date or date-time of a real calendar day (no February 30, leap
 * years counted) in the years MIN_DATE_YEAR to MAX_DATE_YEAR, with a real time and offset.
 */
export function isRealIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day, hours = 0, minutes = 0, seconds = 0, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  return (
    year !== undefined &&
    month !== undefined &&
    day !== undefined &&
    year >= MIN_DATE_YEAR &&
    year <= MAX_DATE_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hours <= 23 &&
    minutes <= 59 &&
    seconds <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59 &&
    !Number.isNaN(Date.parse(value))
  );
}

export const REAL_DATE_MESSAGE = `Must be a real date between ${MIN_DATE_YEAR} and ${MAX_DATE_YEAR}`;

/**
 * A real ISO 8601 date (see isRealIsoDate) carried on as the ISO string of its instant
 * (`new Date(value).toISOString()`); a date-time without an offset is read as local time.
 */
export const realIsoDate = (message = REAL_DATE_MESSAGE) =>
  z
    .string({ error: message })
    .refine(isRealIsoDate, message)
    .transform((value) => new Date(value).toISOString());

/** A calendar date or a date-time, carried as an ISO 8601 string. */
export const isoDate = (label: string) =>
  z.preprocess(
    (value) =>
      value instanceof Date ? (Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()) : value,
    z
      .string({ error: `${label} is required` })
      .min(1, { error: `${label} is required`, abort: true })
      .pipe(realIsoDate(`${label} must be a real date between ${MIN_DATE_YEAR} and ${MAX_DATE_YEAR}`)),
  );

/** The highest stream version an edit may state. */
export const VERSION_MAX = 1_000_000_000;

/** The version an edit states it read: a whole number from 0 to VERSION_MAX. */
export const streamVersion = () =>
  z
    .number({ error: 'Version must be a whole number' })
    .int('Version must be a whole number')
    .min(0, 'Version must be at least 0')
    .max(VERSION_MAX, `Version cannot be more than ${VERSION_MAX}`);

/** Builds `{ field: [messages] }` from a zod error, for 400 responses and forms. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}
