import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  email,
  fieldErrors,
  formatPhone,
  formatUsPhone,
  isoDate,
  isRealIsoDate,
  optionalEmail,
  optionalText,
  optionalUsPhone,
  phoneHref,
  requiredText,
  streamVersion,
  US_PHONE_MESSAGE,
  usPhone,
  usPhoneDigits,
} from './fields.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : (Object.values(fieldErrors(result.error)).flat() as string[]);
};

describe('text fields are never unbounded', () => {
  it('requiredText caps at 200 characters by default, naming the field', () => {
    expect(requiredText('Truck state').parse('x'.repeat(200))).toBe('x'.repeat(200));
    expect(errorsOf(requiredText('Truck state'), 'x'.repeat(201))).toEqual([
      'Truck state cannot be more than 200 characters',
    ]);
    expect(errorsOf(requiredText('Truck state'), 'x'.repeat(10_000))).toEqual([
      'Truck state cannot be more than 200 characters',
    ]);
    expect(errorsOf(requiredText('Truck state'), ' ')).toEqual(['Truck state is required']);
  });

  it('optionalText caps at 200 characters by default, naming the field', () => {
    expect(optionalText('Preferred city').parse('')).toBeNull();
    expect(errorsOf(optionalText('Preferred city'), 'x'.repeat(201))).toEqual([
      'Preferred city cannot be more than 200 characters',
    ]);
  });

  it('takes a length (the message naming the field) or a length with its own message', () => {
    expect(errorsOf(optionalText('Notes', 2000), 'x'.repeat(2001))).toEqual([
      'Notes cannot be more than 2000 characters',
    ]);
    expect(optionalText('Notes', 2000).parse('x'.repeat(2000))).toHaveLength(2000);
    expect(errorsOf(requiredText('Name', { length: 3, message: 'Too long' }), 'abcd')).toEqual(['Too long']);
  });

  it('measures the trimmed text', () => {
    expect(requiredText('Truck name', 5).parse('  abcde  ')).toBe('abcde');
  });

  it('e-mails cap at 254 characters by default', () => {
    const long = `${'x'.repeat(243)}@example.com`; // 255 characters
    expect(errorsOf(email('Dispatcher email'), long)).toEqual([
      'Dispatcher email cannot be more than 254 characters',
    ]);
    expect(errorsOf(optionalEmail('Customer email'), long)).toEqual([
      'Customer email cannot be more than 254 characters',
    ]);
    expect(email('Dispatcher email').parse(long.slice(1))).toBe(long.slice(1));
    expect(errorsOf(email('Dispatcher email'), undefined)).toEqual(['Dispatcher email is required']);
    expect(optionalEmail('Customer email').parse(' ')).toBeNull();
  });
});

describe('dates', () => {
  it.each([
    '2026-11-21',
    '2028-02-29',
    '2000-02-29',
    '1970-01-01',
    '2200-12-31',
    '2026-11-21T06:00',
    '2026-11-21T06:00:59',
    '2026-11-21T06:00:00.123Z',
    '2026-11-21T06:00:00.123456789Z',
    '2026-11-21T06:00:00+05:30',
    '2026-11-21T06:00-06:00',
  ])('takes %j', (value) => {
    expect(isRealIsoDate(value)).toBe(true);
  });

  it.each([
    '1',
    '2026',
    '2026-11',
    '2026-02-29', // not a leap year
    '1900-02-29', // not a leap year either
    '2026-02-30',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-11-00',
    '1969-12-31',
    '2201-01-01',
    '+275760-09-13',
    '275760-09-13',
    '2026-1-5',
    '2026/11/21',
    'November 21, 2026',
    '2026-11-21 06:00',
    '2026-11-21T24:00',
    '2026-11-21T06:60',
    '2026-11-21T06:00:60Z',
    '2026-11-21T06:00+24:00',
    '2026-11-21T06:00+0500',
    '2026-11-21t06:00z',
    '2026-11-21T06:00:00.Z',
    ' 2026-11-21',
    '',
  ])('refuses %j', (value) => {
    expect(isRealIsoDate(value)).toBe(false);
  });

  it('isoDate keeps the ISO string of the instant, and names the field in its messages', () => {
    const date = isoDate('Availability date');
    expect(date.parse('2026-11-21')).toBe('2026-11-21T00:00:00.000Z');
    expect(date.parse('2026-11-21T06:00:00-06:00')).toBe('2026-11-21T12:00:00.000Z');
    expect(date.parse(new Date('2026-11-21T00:00:00.000Z'))).toBe('2026-11-21T00:00:00.000Z');
    for (const value of [
      '1',
      '2026-02-30',
      '275760-01-01',
      '2201-01-01',
      '1969-12-31',
      new Date(Number.NaN),
    ]) {
      expect(errorsOf(date, value), String(value)).toEqual([
        'Availability date must be a real date between 1970 and 2200',
      ]);
    }
    expect(errorsOf(date, '')).toEqual(['Availability date is required']);
    expect(errorsOf(date, undefined)).toEqual(['Availability date is required']);
  });
});

describe('version', () => {
  it('is a whole number from 0 to 1000000000', () => {
    expect(streamVersion().parse(0)).toBe(0);
    expect(streamVersion().parse(1_000_000_000)).toBe(1_000_000_000);
    expect(errorsOf(streamVersion(), 1_000_000_001)).toEqual(['Version cannot be more than 1000000000']);
    expect(errorsOf(streamVersion(), -1)).toEqual(['Version must be at least 0']);
    expect(errorsOf(streamVersion(), 1.5)).toEqual(['Version must be a whole number']);
    expect(errorsOf(streamVersion(), '3')).toEqual(['Version must be a whole number']);
    expect(errorsOf(streamVersion(), 1e15)).toEqual(['Version cannot be more than 1000000000']);
  });
});

describe('US phone numbers as people type them', () => {
  it.each([
    ['3125550199', '3125550199'],
    ['+13125550199', '3125550199'],
    ['(312) 555-0199', '3125550199'],
    ['(312)555-0199', '3125550199'],
    ['312-555-0199', '3125550199'],
    ['312.555.0199', '3125550199'],
    ['312 555 0199', '3125550199'],
    ['+1 312 555 0199', '3125550199'],
    ['+1 (312) 555-0199', '3125550199'],
    ['+1-312-555-0199', '3125550199'],
    ['+1.312.555.0199', '3125550199'],
    ['  (312) 555-0199  ', '3125550199'],
    ['(202) 555-0100', '2025550100'],
    ['(416) 555-0199', '4165550199'],
  ])('takes %j as %s', (typed, digits) => {
    expect(usPhoneDigits(typed)).toBe(digits);
    expect(usPhone().parse(typed)).toBe(digits);
    expect(optionalUsPhone().parse(typed)).toBe(digits);
  });

  it.each([
    ['555-0100', 'seven digits'],
    ['312555019', 'nine digits'],
    ['31255501999', 'eleven digits'],
    ['13125550199', 'a leading 1 without its +'],
    ['1 (312) 555-0199', 'a leading 1 without its +'],
    ['+443125550100', 'another country code'],
    ['+44 20 7946 0958', 'another country'],
    ['+2 312 555 0199', 'another country code'],
    ['1234567890', 'no area code starts with 1'],
    ['(555) 123-4567', 'no such area code'],
    ['(312) 055-0199', 'no exchange starts with 0'],
    ['312-555-0199 ext 12', 'an extension'],
    ['312-555-0199x12', 'an extension'],
    ['312 FLOWERS', 'letters'],
    ['312-555-O199', 'a letter O for a zero'],
    ['tel:+13125550199', 'a link'],
    ['312+555+0199', 'a + inside'],
    ['3125550199/', 'another sign'],
    [`3125550199${'-'.repeat(25)}`, 'too long'],
    ['-', 'no digits'],
  ])('refuses %j (%s) with the spec message', (typed) => {
    expect(usPhoneDigits(typed)).toBeNull();
    expect(errorsOf(usPhone(), typed)).toEqual([US_PHONE_MESSAGE]);
    expect(errorsOf(optionalUsPhone(), typed)).toEqual([US_PHONE_MESSAGE]);
  });

  it('answers a number asked again as the first time, after many other numbers too', () => {
    expect(usPhoneDigits('(312) 555-0199')).toBe('3125550199');
    expect(usPhoneDigits('(555) 123-4567')).toBeNull();
    // More numbers than the answers kept: the first ones are checked afresh.
    for (let n = 0; n < 1_500; n++) usPhoneDigits(`312 555 ${String(n).padStart(4, '0')}`);
    expect(usPhoneDigits('(312) 555-0199')).toBe('3125550199');
    expect(usPhoneDigits('(555) 123-4567')).toBeNull();
    expect(usPhoneDigits(`  (312) 555-0199${' '.repeat(40)}`)).toBe('3125550199');
  });

  it('a required number says it is required; an optional one empty is null', () => {
    expect(errorsOf(usPhone(), '')).toEqual(['Phone number is required']);
    expect(errorsOf(usPhone(), '   ')).toEqual(['Phone number is required']);
    expect(errorsOf(usPhone(), undefined)).toEqual(['Phone number is required']);
    expect(optionalUsPhone().parse('')).toBeNull();
    expect(optionalUsPhone().parse('  ')).toBeNull();
    expect(optionalUsPhone().parse(null)).toBeNull();
    expect(optionalUsPhone().parse(undefined)).toBeNull();
  });

  it('shows a number as people read it, and dials it in E.164', () => {
    expect(formatUsPhone('3125550199')).toBe('(312) 555-0199');
    expect(formatUsPhone('+13125550199')).toBe('(312) 555-0199');
    expect(formatUsPhone('12')).toBe('12');
    expect(formatPhone('+1', '3125550199')).toBe('(312) 555-0199');
    expect(formatPhone('+52', '5512345678')).toBe('+52 5512345678');
    expect(phoneHref('+1', '3125550199')).toBe('tel:+13125550199');
    expect(phoneHref('+1', '+13125550199')).toBe('tel:+13125550199');
  });
});
