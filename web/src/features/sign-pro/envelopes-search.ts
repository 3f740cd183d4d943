import { type EnvelopeListQuery, type EnvelopeType, envelopeListQuerySchema } from '@dispatch/domain';
import type { SearchSchemaInput } from '@tanstack/react-router';
import { lenientSearch, toApiSearch } from '../../components/board/board-search';
import type { SearchValue } from '../../lib/api-client';

/**
 * The URL search params of the drivers and clients tables: every list parameter of the envelopes
 * call but `type`, which the route fixes. Validated with the API's own schema, field by field: a bad
 * value in a shared or hand-edited link falls back to its default. Pages count from 1.
 */
const envelopesSearchSchema = envelopeListQuerySchema.omit({ type: true });
export type EnvelopesSearch = Omit<EnvelopeListQuery, 'type'>;

export const validateEnvelopesSearch = lenientSearch(envelopesSearchSchema) as (
  raw: Record<string, unknown>,
) => EnvelopesSearch;

/** The route's validator: links are typed with every param optional (SearchSchemaInput). */
export const envelopesRouteSearch = (input: Partial<EnvelopesSearch> & SearchSchemaInput) =>
  validateEnvelopesSearch(input as Record<string, unknown>);

/** Defaults are left out of the URL, so the plain address stays `/{slug}/sign-pro/drivers`. */
export const defaultEnvelopesSearch: EnvelopesSearch = validateEnvelopesSearch({});

export const envelopePageSizes = [10, 25, 50, 100] as const;

/** The orders the tables offer, as one choice each. */
export const envelopeSortOptions = [
  { value: 'updatedAt:desc', label: 'Recently updated' },
  { value: 'updatedAt:asc', label: 'Least recently updated' },
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'lastSentAt:asc', label: 'Longest waiting first' },
  { value: 'lastSentAt:desc', label: 'Most recently sent' },
] as const;
export type EnvelopeSortValue = (typeof envelopeSortOptions)[number]['value'];

export const sortValueOf = (search: Pick<EnvelopesSearch, 'orderBy' | 'sort'>): EnvelopeSortValue =>
  `${search.orderBy}:${search.sort}` as EnvelopeSortValue;

export function sortOf(value: string): Pick<EnvelopesSearch, 'orderBy' | 'sort'> {
  const known = envelopeSortOptions.find((option) => option.value === value)?.value ?? 'updatedAt:desc';
  const [orderBy, sort] = known.split(':') as [EnvelopesSearch['orderBy'], EnvelopesSearch['sort']];
  return { orderBy, sort };
}

/** The filters of the tables: every parameter but paging and order. */
export type EnvelopeFilters = Pick<
  EnvelopesSearch,
  'status' | 'search' | 'createdBy' | 'startDate' | 'endDate' | 'dateOperation' | 'dateField'
>;

export const envelopeFilterKeys = [
  'status',
  'search',
  'createdBy',
  'startDate',
  'endDate',
  'dateOperation',
  'dateField',
] as const satisfies readonly (keyof EnvelopeFilters)[];

const isSet = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== '';

/** How many filters are set; the date parameters count as one filter. */
export function activeEnvelopeFilterCount(search: EnvelopeFilters): number {
  const dates = isSet(search.startDate) || isSet(search.endDate);
  return (
    (['status', 'search', 'createdBy'] as const).filter((key) => isSet(search[key])).length + (dates ? 1 : 0)
  );
}

/** The search with some filters changed: back on the first page, unset filters left out. */
export function withEnvelopeFilters(
  search: EnvelopesSearch,
  changes: Partial<EnvelopeFilters>,
): EnvelopesSearch {
  const next: Record<string, unknown> = { ...search, ...changes, page: 1 };
  for (const [key, value] of Object.entries(changes)) if (!isSet(value)) delete next[key];
  return next as EnvelopesSearch;
}

/** The search with every filter cleared, keeping page size and order. */
export function withoutEnvelopeFilters(search: EnvelopesSearch): EnvelopesSearch {
  const next: Record<string, unknown> = { ...search, page: 1 };
  for (const key of envelopeFilterKeys) delete next[key];
  return next as EnvelopesSearch;
}

/** The list call's parameters: the table's search, several statuses comma-joined, and its type. */
export function envelopesApiSearch(
  search: Partial<EnvelopesSearch>,
  type?: EnvelopeType,
): Record<string, SearchValue> {
  return toApiSearch({ ...search, ...(type ? { type } : {}) });
}
