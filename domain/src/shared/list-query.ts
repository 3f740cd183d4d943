import { z } from 'zod';
import { directions, products, trailerTypes } from './enums.ts';
import { isRealIsoDate, REAL_DATE_MESSAGE, realIsoDate, searchText } from './fields.ts';

/**
 * The list parameters of docs/rules.md#validation for trucks and loads, shared by the query API (parsing the
 * query string) and the web app (validating the page's search params).
 */

/** One value or several: `?a=x&a=y`, `?a=x,y` and `?a=x` all become a list. */
export const oneOrMany = <T extends [string, ...string[]]>(values: T) =>
  z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    const list = Array.isArray(value) ? value : [value];
    return list
      .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
      .filter((item) => item !== '');
  }, z.array(z.enum(values)).min(1).optional());

/**
 * A whole number written in decimal digits (an optional minus sign, so that a negative number is
 * told it is too small), between `min` and `max`: not "0x10", "1e3", "2.5" or "Infinity", which
 * `Number` would read. An absent or empty value is refused, or is `fallback` when one is given. The
 * router of the web app may hand over a number: an integer is taken as its digits.
 */
export function integerParam(
  label: string,
  { min, max, fallback }: { min: number; max: number; fallback?: number },
): z.ZodType<number, unknown> {
  const whole = `${label} must be a whole number`;
  const digits = z
    .string({ error: whole })
    .regex(/^-?\d+$/, whole)
    // Hundreds of digits read as Infinity, which z.number would refuse as no number at all: held
    // to a finite number, it is refused as too large (or too small) instead.
    .transform((text) => Math.min(Math.max(Number(text), -Number.MAX_VALUE), Number.MAX_VALUE))
    .pipe(
      z.number().min(min, `${label} must be at least ${min}`).max(max, `${label} cannot be more than ${max}`),
    );
  return z.preprocess(
    (value) => {
      if (value === '') return undefined;
      return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    },
    fallback === undefined ? digits : digits.default(fallback),
  );
}

/** Page sizes of every list (docs/rules.md#validation). */
export const LIMIT_MAX = 100;
/** The last page a list may ask for: with the largest page size, an offset well inside what a store takes. */
export const PAGE_MAX = 1_000_000;

/**
 * A number written in decimal digits with an optional fraction (and a minus sign where `min` is
 * negative), between `min` and `max`, or absent: not "0x10", "1e3" or "Infinity".
 */
export function decimalParam(label: string, { min, max }: { min: number; max: number }) {
  const message = `${label} must be a number`;
  return z.preprocess(
    (value) => (value === '' ? undefined : typeof value === 'number' ? String(value) : value),
    z
      .string({ error: message })
      .max(24, message)
      .regex(/^-?\d+(\.\d+)?$/, message)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(min, `${label} must be at least ${min}`)
          .max(max, `${label} cannot be more than ${max}`),
      )
      .optional(),
  );
}

/** `limit` of a list query: 1 to LIMIT_MAX, 10 when absent. */
export const limitParam = () => integerParam('Limit', { min: 1, max: LIMIT_MAX, fallback: 10 });
/** `page` of a list query, counting from `first` (0 for trucks and loads, 1 for members and invitations). */
export const pageParam = (first: 0 | 1) =>
  integerParam('Page', { min: first, max: PAGE_MAX, fallback: first });

/** A date parameter: a real ISO 8601 date (see isRealIsoDate), carried as the ISO string of its instant. */
const dateParam = realIsoDate(REAL_DATE_MESSAGE).optional();

export const dateOperations = ['gt', 'gte', 'lt', 'lte', 'eq'] as const;
export type DateOperation = (typeof dateOperations)[number];

export const AS_OF_MESSAGE = 'As of must be a date and time (ISO 8601) or an event position';
/** A position that is not one of the organization's own events (another's, or none at all). */
export const AS_OF_POSITION_MESSAGE = "As of must be the position of one of your organization's events";

/**
 * `asOf` of a list query: the moment the list is answered as of, read-only. An instant (a real ISO
 * date or date-time) or a position of the event log (decimal digits); the query side resolves a
 * position to the instant of its event.
 */
export const asOfParam = () =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string({ error: AS_OF_MESSAGE })
      .max(40, AS_OF_MESSAGE)
      .refine((value) => /^\d{1,18}$/.test(value) || isRealIsoDate(value), AS_OF_MESSAGE)
      .transform((value) => (/^\d+$/.test(value) ? value : new Date(value).toISOString()))
      .optional(),
  );

/** The largest `maxAgeHours` a list takes: the longest a posting stays on the board (30 days). */
export const MAX_AGE_HOURS_MAX = 720;

/** The dates every postings list orders by (docs/rules.md#validation). */
export const dateOrderBys = ['updatedAt', 'createdAt', 'availableDate'] as const;

/**
 * The orders of the trucks list: its dates, and each column of the board that has an order of its own
 * (docs/decisions.md#a-board-for-a-whole-day): a place by its city, then its state.
 */
export const truckOrderBys = [
  ...dateOrderBys,
  'truckName',
  'unitNumber',
  'companyName',
  'trailerType',
  'truckCity',
  'preferedCity',
  'direction',
  'status',
  'dispatcherName',
  // By age: the last refresh (docs/rules.md#posting-age-and-expiry), newest (youngest) first when descending.
  'refreshedAt',
] as const;
export type TruckOrderBy = (typeof truckOrderBys)[number];

/** The orders of the loads list: its dates and its board's columns (a route by its origin). */
export const loadOrderBys = [
  ...dateOrderBys,
  'originCity',
  'trailerType',
  'product',
  'rateForTitan',
  'rateForCarrier',
  'customerName',
  'dispatcherName',
  // Estimated trip miles, our rate per mile and the margin (loadMilesAndMoney); the margin for those who see it.
  'tripMiles',
  'ratePerMile',
  'margin',
  // By age, as the trucks list.
  'refreshedAt',
] as const;
export type LoadOrderBy = (typeof loadOrderBys)[number];

/** `orderBy` of a list: one of its orders, `updatedAt` when absent; any other is refused by name. */
const orderByParam = <T extends readonly [string, ...string[]]>(orders: T) =>
  z.enum(orders, { error: `Order by must be one of: ${orders.join(', ')}` }).default(orders[0]);

export const postingListQuerySchema = z.object({
  limit: limitParam(),
  page: pageParam(0),
  orderBy: z.enum(dateOrderBys).default('updatedAt'),
  sort: z.enum(['asc', 'desc'], { error: 'Sort must be asc or desc' }).default('desc'),
  startDate: dateParam,
  endDate: dateParam,
  dateOperation: z.enum(dateOperations).optional(),
  dateField: z.enum(['createdAt', 'updatedAt', 'availableDate']).optional(),
  status: z.enum(['true', 'false']).optional(),
  trailerType: oneOrMany([...trailerTypes]),
  createdBy: searchText('Created by'),
  search: searchText('Search'),
  asOf: asOfParam(),
  /** Only postings refreshed at most this many hours ago (docs/rules.md#posting-age-and-expiry). */
  maxAgeHours: decimalParam('Maximum age in hours', { min: 1, max: MAX_AGE_HOURS_MAX }),
});

/** The trucks list's parameters (docs/rules.md#validation). */
const boardListQuerySchema = postingListQuerySchema.extend({
  direction: oneOrMany([...directions]),
  unitNumber: searchText('Unit number'),
});

export const truckListQuerySchema = boardListQuerySchema
  .extend({ orderBy: orderByParam(truckOrderBys) })
  .strict();
/** The largest trip miles, and the largest amount, a range filter of the loads list takes. */
export const TRIP_MILES_MAX = 100_000;
export const AMOUNT_MAX = 1_000_000_000;

/**
 * The loads list's ranges: trip miles, our rate per mile and the margin, each from a minimum to a
 * maximum, both included; a load without the figure is outside every range of it.
 */
export const loadRanges = {
  tripMiles: ['minTripMiles', 'maxTripMiles'],
  ratePerMile: ['minRatePerMile', 'maxRatePerMile'],
  margin: ['minMargin', 'maxMargin'],
} as const;

const loadRangeParams = {
  minTripMiles: decimalParam('Minimum trip miles', { min: 0, max: TRIP_MILES_MAX }),
  maxTripMiles: decimalParam('Maximum trip miles', { min: 0, max: TRIP_MILES_MAX }),
  minRatePerMile: decimalParam('Minimum rate per mile', { min: 0, max: AMOUNT_MAX }),
  maxRatePerMile: decimalParam('Maximum rate per mile', { min: 0, max: AMOUNT_MAX }),
  minMargin: decimalParam('Minimum margin', { min: -AMOUNT_MAX, max: AMOUNT_MAX }),
  maxMargin: decimalParam('Maximum margin', { min: -AMOUNT_MAX, max: AMOUNT_MAX }),
};

/**
 * The loads list takes the trucks list's parameters plus `product` (docs/rules.md#validation). A load has no
 * direction field of its own: `direction` filters by the compass point from its origin to its
 * destination (loadDirection). It has no unit number either (no truck is assigned to it yet):
 * `unitNumber` is taken, as `status` is, and filters nothing.
 */
export const loadListQuerySchema = boardListQuerySchema
  .extend({
    product: oneOrMany([...products]),
    orderBy: orderByParam(loadOrderBys),
    ...loadRangeParams,
  })
  .strict();

export type PostingListQuery = z.output<typeof postingListQuerySchema>;
export type TruckListQuery = z.output<typeof truckListQuerySchema>;
export type LoadListQuery = z.output<typeof loadListQuerySchema>;

/** The read model field behind a list's date name ("availableDate" is the availability date). */
export const dateFieldOf = {
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  availableDate: 'availabilityDate',
} as const;

const DAY_MS = 86_400_000;

/**
 * The date condition of a list query. `dateOperation` (default gte) applies to `startDate`; `eq`
 * means the 24 hours from `startDate`; `endDate`, when given, is an inclusive upper bound.
 * `dateField` defaults to createdAt.
 */
export function dateCondition(
  query: Pick<PostingListQuery, 'startDate' | 'endDate' | 'dateOperation' | 'dateField'>,
) {
  if (!query.startDate && !query.endDate) return null;
  const field = dateFieldOf[query.dateField ?? 'createdAt'];
  const range: { gt?: string; gte?: string; lt?: string; lte?: string } = {};
  if (query.startDate) {
    const operation = query.dateOperation ?? 'gte';
    if (operation === 'eq') {
      range.gte = query.startDate;
      range.lt = new Date(Date.parse(query.startDate) + DAY_MS).toISOString();
    } else {
      range[operation] = query.startDate;
    }
  }
  if (query.endDate) range.lte = query.endDate;
  return { field, range };
}
