import { dateCondition, type PostingListQuery } from '@dispatch/domain';
import type { Filter, SortKey } from '@dispatch/storage';

const orderFields = {
  updatedAt: 'updatedAt',
  createdAt: 'createdAt',
  availableDate: 'availabilityDate',
} as const;

/**
 * The document store query of a trucks or loads list: always the caller's organization, then the
 * spec's filters. `search` is a case-insensitive match on the field the list searches.
 */
export function postingFilter(
  query: Omit<PostingListQuery, 'limit' | 'page'>,
  orgId: string,
  searchField: string,
): Filter {
  const filter: Filter = { orgId: { eq: orgId } };
  const dates = dateCondition(query);
  if (dates) filter[dates.field] = dates.range;
  if (query.status) filter.status = { eq: query.status === 'true' };
  if (query.trailerType) filter.trailerType = { in: query.trailerType };
  if (query.createdBy) filter.createdBy = { eq: query.createdBy };
  if (query.search) filter[searchField] = { contains: query.search };
  return filter;
}

export function postingSort(query: Pick<PostingListQuery, 'orderBy' | 'sort'>): SortKey[] {
  return [{ field: orderFields[query.orderBy], direction: query.sort }];
}
