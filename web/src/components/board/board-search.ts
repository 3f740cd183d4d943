import type { z } from 'zod';
import type { SearchValue } from '../../lib/api-client';

/**
 * The router reads `?status=true` as a boolean and `?page=2` as a number; the list schemas of the
 * domain read query strings. Values go back to the text a query string would carry.
 */
function asQueryValue(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(asQueryValue);
  return value;
}

/**
 * A page's URL search params validated with the API's own schema, field by field: a value the API
 * would refuse (in a shared or hand-edited link) is dropped, falling back to the field's default,
 * rather than failing the page. Unknown params are dropped too.
 */
export function lenientSearch<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return (raw: Record<string, unknown>): z.output<z.ZodObject<Shape>> => {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
      const parsed = field.safeParse(asQueryValue(raw[key]));
      // A refused value is kept as undefined, not left out: the router lays the validated search over
      // the raw one, so a key left out would keep its raw value and reach the API.
      out[key] = parsed.success ? parsed.data : field.safeParse(undefined).data;
    }
    return out as z.output<z.ZodObject<Shape>>;
  };
}

/** The search params as the list call sends them: several values of one filter comma-joined. */
export function toApiSearch(search: Record<string, unknown>): Record<string, SearchValue> {
  const out: Record<string, SearchValue> = {};
  for (const [key, value] of Object.entries(search)) {
    if (Array.isArray(value)) {
      if (value.length) out[key] = value.join(',');
    } else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      out[key] = value as SearchValue;
    }
  }
  return out;
}

/** The filters of a trucks or loads board: every list parameter but paging and order. */
export interface BoardFilters {
  search?: string;
  status?: 'true' | 'false';
  trailerType?: string[];
  direction?: string[];
  product?: string[];
  unitNumber?: string;
  createdBy?: string;
  startDate?: string;
  endDate?: string;
  dateOperation?: 'gt' | 'gte' | 'lt' | 'lte' | 'eq';
  dateField?: 'createdAt' | 'updatedAt' | 'availableDate';
  /** The loads board's ranges (loadRanges): trip miles, our rate per mile, the margin. */
  minTripMiles?: number;
  maxTripMiles?: number;
  minRatePerMile?: number;
  maxRatePerMile?: number;
  minMargin?: number;
  maxMargin?: number;
  /** Only the postings refreshed at most this many hours ago. */
  maxAgeHours?: number;
}

export const boardFilterKeys = [
  'search',
  'status',
  'trailerType',
  'direction',
  'product',
  'unitNumber',
  'createdBy',
  'startDate',
  'endDate',
  'dateOperation',
  'dateField',
  'minTripMiles',
  'maxTripMiles',
  'minRatePerMile',
  'maxRatePerMile',
  'minMargin',
  'maxMargin',
  'maxAgeHours',
] as const satisfies readonly (keyof BoardFilters)[];

/** Each range's two ends: a range counts as one filter, as the dates do. */
const rangeEnds = [
  ['minTripMiles', 'maxTripMiles'],
  ['minRatePerMile', 'maxRatePerMile'],
  ['minMargin', 'maxMargin'],
] as const;

/** How many filters are set; the date parameters count as one filter. */
export function activeFilterCount(search: BoardFilters): number {
  const set = (key: keyof BoardFilters) => {
    const value = search[key];
    return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '';
  };
  const dates = set('startDate') || set('endDate');
  const ends: readonly string[] = rangeEnds.flat();
  const ranges = rangeEnds.filter(([min, max]) => set(min) || set(max)).length;
  return (
    boardFilterKeys.filter(
      (key) =>
        !['startDate', 'endDate', 'dateOperation', 'dateField'].includes(key) &&
        !ends.includes(key) &&
        set(key),
    ).length +
    (dates ? 1 : 0) +
    ranges
  );
}

/** The search with some filters changed: back on the first page, unset filters left out. */
export function withFilters<S extends BoardFilters & { page: number }>(
  search: S,
  changes: Partial<BoardFilters>,
): S {
  const next: Record<string, unknown> = { ...(search as object), ...changes, page: 0 };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key];
  }
  return next as S;
}

/** The search with every filter cleared, keeping paging size and order. */
export function withoutFilters<S extends BoardFilters & { page: number }>(search: S): S {
  const next: Record<string, unknown> = { ...(search as object), page: 0 };
  for (const key of boardFilterKeys) delete next[key];
  return next as S;
}
