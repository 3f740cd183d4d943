// Besides zod, domain imports libphonenumber-js alone: like zod it is pure data (the numbering
// plans) and code, with no I/O, so the model stays pure and runs alike in the servers and the browser.
import { parsePhoneNumberWithError } from 'libphonenumber-js/min';
import { z } from 'zod';

/** What a phone field's hint says: the words of its message (docs/rules.md#validation). */
export const US_PHONE_HINT = 'Must be 10 digits (with optional +1 prefix)';
export const US_PHONE_MESSAGE = `Invalid US phone number. ${US_PHONE_HINT}`;

/** What may stand around the digits as people type a number: spaces, dashes, dots, parentheses, a leading +. */
const PHONE_TEXT = /^\+?[\d\s().-]+$/;
/** Longer than any way of writing ten digits and a +1: refused before the parser sees it. */
const PHONE_TEXT_MAX = 30;

/**
 * The ten digits of a phone number as people type it: "3125550199", "(312) 555-0199",
 * "312-555-0199", "312.555.0199", "+1 312 555 0199", "+1 (312) 555-0199". Null unless it is ten
 * digits with an optional +1 (a bare leading 1 is refused, as the spec's rule says), with nothing
 * else but spaces, dashes, dots and parentheses, and a number of the North American plan that
 * libphonenumber knows as valid (a real area code and exchange: "555 123 4567" and "312 000 0001"
 * are refused). Numbers of the plan outside the 50 states (Canada, the Caribbean) share the +1 and
 * are taken like US ones.
 */
export function usPhoneDigits(text: string): string | null {
  // Only texts of a phone number's length are kept: a long one is refused at once anyway.
  if (text.length > PHONE_TEXT_MAX) return parseUsPhone(text);
  const known = checkedPhones.get(text);
  if (known !== undefined) return known;
  const digits = parseUsPhone(text);
  if (checkedPhones.size >= CHECKED_PHONES_MAX)
    checkedPhones.delete(checkedPhones.keys().next().value as string);
  checkedPhones.set(text, digits);
  return digits;
}

/**
 * The answers of the last phone numbers checked. A dispatch floor types the same few numbers (its
 * dispatchers' own) into post after post, and libphonenumber's check is the dearest step of a post's
 * validation: about 55 µs, 6% of the server's thread under 50 concurrent posts.
 */
const checkedPhones = new Map<string, string | null>();
const CHECKED_PHONES_MAX = 1_000;

function parseUsPhone(text: string): string | null {
  const typed = text.trim();
  if (typed.length > PHONE_TEXT_MAX || !PHONE_TEXT.test(typed)) return null;
  const digits = typed.replace(/\D/g, '');
  if (typed.startsWith('+') ? !/^1\d{10}$/.test(digits) : !/^\d{10}$/.test(digits)) return null;
  try {
    const phone = parsePhoneNumberWithError(typed, { defaultCountry: 'US' });
    const valid =
      phone.countryCallingCode === '1' &&
      phone.nationalNumber.length === 10 &&
      phone.ext === undefined &&
      phone.isValid();
    return valid ? phone.nationalNumber : null;
  } catch {
    return null;
  }
}

/**
 * The ten digits of a typed number, or the rule's message. Made where a phone field is declared,
 * never at import: a bundle without phone fields (the web app's first screens) leaves libphonenumber out.
 */
const tenDigits = () =>
  z.string().transform((phone, context) => {
    const digits = usPhoneDigits(phone);
    if (digits !== null) return digits;
    context.addIssue({ code: 'custom', message: US_PHONE_MESSAGE });
    return z.NEVER;
  });

/**
 * A required US phone number typed any usual way (see usPhoneDigits), kept as its ten digits: the
 * country code is a field of its own.
 */
export const usPhone = () =>
  z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, { error: 'Phone number is required', abort: true })
    .pipe(tenDigits());

/** The same phone rule for a number that may be left out: empty means null. */
export const optionalUsPhone = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: US_PHONE_MESSAGE })
      .pipe(tenDigits())
      .nullish()
      .transform((phone) => phone ?? null),
  );
