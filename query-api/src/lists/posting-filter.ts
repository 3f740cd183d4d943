import { dateCondition, type PostingListQuery } from '@dispatch/domain';
import type { Filter, SortKey } from '@dispatch/storage';

type SortDirection = SortKey['direction'];

/**
 * The store's order of each of a list's orders (TruckOrderBy, LoadOrderBy): a date by its field, a
 * place by its city then its state, a value many postings share (trailer type, direction, status,
 * product) then by the last change, newest first.
 */
const orders: Record<string, (direction: SortDirection) => SortKey[]> = {
  updatedAt: (direction) => [{ field: 'updatedAt', direction }],
  createdAt: (direction) => [{ field: 'createdAt', direction }],
  availableDate: (direction) => [{ field: 'availabilityDate', direction }],
  truckCity: (direction) => [
    { field: 'truckCity', direction },
    { field: 'truckState', direction },
  ],
  preferedCity: (direction) => [
    { field: 'preferedCity', direction },
    { field: 'preferedState', direction },
  ],
  originCity: (direction) => [
    { field: 'originCity', direction },
    { field: 'originState', direction },
  ],
  ...Object.fromEntries(
    ['trailerType', 'direction', 'status', 'product'].map((field) => [
      field,
      (direction: SortDirection) => [
        { field, direction },
        { field: 'updatedAt', direction: 'desc' as const },
      ],
    ]),
  ),
};

/**
 * The document store query of a trucks or loads list: always the caller's organization, then the
 * spec's filters. `search` is a case-insensitive match on the field the list searches.
 */
export function postingFilter(
  query: Omit<PostingListQuery, 'limit' | 'page' | 'orderBy'>,
  orgId: string,
  searchField: string,
  now: Date = new Date(),
): Filter {
  const filter: Filter = { orgId: { eq: orgId } };
  const dates = dateCondition(query);
  if (dates) filter[dates.field] = dates.range;
  if (query.status) filter.status = { eq: query.status === 'true' };
  if (query.trailerType) filter.trailerType = { in: query.trailerType };
  if (query.createdBy) filter.createdBy = { eq: query.createdBy };
  if (query.search) filter[searchField] = { contains: query.search };
  // Age counts from the last refresh; a page with a maximum age is read each time (see postingQueries).
  if (query.maxAgeHours !== undefined)
    filter.refreshedAt = { gte: new Date(now.getTime() - query.maxAgeHours * 3_600_000).toISOString() };
  return filter;
}

/** The store's sort of a list's `orderBy` and `sort`; any other order is a field of the list's own. */
export function postingSort(query: { orderBy: string; sort: SortDirection }): SortKey[] {
  return orders[query.orderBy]?.(query.sort) ?? [{ field: query.orderBy, direction: query.sort }];
}
