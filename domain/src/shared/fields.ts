import { z } from 'zod';

/** Field rules shared by the forms of docs/rules.md#validation. */

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

// The phone rules live in their own module (libphonenumber's numbering plans are most of the
// domain's weight in a browser bundle): only what declares a phone field loads them.
export { optionalUsPhone, US_PHONE_HINT, US_PHONE_MESSAGE, usPhone, usPhoneDigits } from './phone.ts';

/** "3125550199" or "+13125550199" → "(312) 555-0199"; anything else as it is. */
export function formatUsPhone(phone: string): string {
  const match = /^(?:\+1)?(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : phone;
}

/**
 * A number kept as digits beside its country code, as people read it: "(312) 555-0199" for +1,
 * "+52 5512345678" for any other code.
 */
export function formatPhone(countryCode: string, number: string): string {
  return countryCode === '+1' ? formatUsPhone(number) : `${countryCode} ${number}`;
}

/** The `tel:` address of a number: E.164, "+13125550199" (a stored "+1…" number is already so). */
export function phoneHref(countryCode: string, number: string): string {
  const digits = number.replace(/[^\d]/g, '');
  return number.startsWith('+') ? `tel:+${digits}` : `tel:${countryCode}${digits}`;
}

/** The dialling prefix kept beside a ten-digit number. */
export const countryCode = () =>
  z
    .string()
    .trim()
    .regex(/^\+\d{1,3}$/, 'Country code must look like +1');

/**
 * What a text field holds: one line (a name, a place, an id, a search: the default) or several
 * (notes, reasons).
 */
export type TextKind = 'line' | 'lines';

/* biome-ignore-start lint/suspicious/noControlCharactersInRegex: these are the characters refused */
/** C0 and C1 control characters: U+0000–U+001F, U+007F–U+009F. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
/** The same but tab and line feed, which text of several lines keeps. */
const CONTROL_CHARACTER_BUT_TAB_OR_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/* biome-ignore-end lint/suspicious/noControlCharactersInRegex: these are the characters refused */

export const controlCharactersMessage = (label: string) => `${label} must not contain control characters`;

/**
 * Whether `text` holds a control character its kind does not take: any C0 or C1 control character
 * (NUL, BEL, ESC and so the terminal's escape sequences, DEL, U+0085…) in a line, and any but tab
 * and line feed in text of several lines.
 */
export const hasControlCharacters = (text: string, kind: TextKind = 'line') =>
  (kind === 'line' ? CONTROL_CHARACTER : CONTROL_CHARACTER_BUT_TAB_OR_NEWLINE).test(text);

/** A terminal's escape sequence (ESC [ … final byte): colours, cursor moves, screen clearing. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts the sequence
const ESCAPE_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]/g;
/** A run of control characters with the spaces among and around them. */
const CONTROL_RUN = new RegExp(`(?:\\s*${CONTROL_CHARACTER.source})+\\s*`, 'g');

/**
 * A line of text with its control characters taken out, for text that comes from elsewhere (an
 * identity provider's profile) and cannot be sent back: escape sequences go whole, and each other
 * run of control characters, with the spaces around it, becomes one space.
 */
export const withoutControlCharacters = (text: string) =>
  text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL_RUN, ' ').trim();

/**
 * The check every text field of the domain makes: text is text, never control characters (see
 * hasControlCharacters). `.check(plainText(label))` after the trim, so that a line's surrounding
 * spaces, tabs and line breaks are trimmed, not refused.
 */
export const plainText = (label: string, kind: TextKind = 'line') =>
  z.refine<string>((text) => !hasControlCharacters(text, kind), controlCharactersMessage(label));

/** Text of several lines as kept: its line breaks as line feeds (CRLF and a lone CR become LF). */
const withLineFeeds = (value: unknown) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value);

/**
 * Required text, trimmed; at most `max` characters (by default TEXT_MAX, the message naming the
 * field); no control characters (see plainText; notes and reasons are of `kind` 'lines').
 */
export const requiredText = (label: string, max: MaxLength = TEXT_MAX, kind: TextKind = 'line') => {
  const limit = maxOf(label, max);
  const text = z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(limit.length, limit.message)
    .check(plainText(label, kind));
  return kind === 'lines' ? z.preprocess(withLineFeeds, text) : text;
};

/**
 * Optional text where an empty string means null; at most `max` characters (by default TEXT_MAX,
 * the message naming the field); no control characters (see plainText).
 */
export const optionalText = (label: string, max: MaxLength = TEXT_MAX, kind: TextKind = 'line') => {
  const limit = maxOf(label, max);
  return z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() === ''
        ? null
        : kind === 'lines'
          ? withLineFeeds(value)
          : value,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(limit.length, limit.message)
      .check(plainText(label, kind))
      .nullish()
      .transform((value) => value ?? null),
  );
};

/**
 * A search or filter parameter: optional, trimmed, at most 100 characters, one line of plain text
 * (saved searches keep them).
 */
export const searchText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(100, 'Cannot be more than 100 characters')
    .check(plainText(label))
    .optional();

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
