import type { PagedList } from '@dispatch/domain';

/** Member, invitation and admin pages count from 1 (docs/rules.md#constants-and-limits). */
export const skipFor = (query: { page: number; limit: number }) => (query.page - 1) * query.limit;

/** The paged list response of docs/rules.md#entities-and-fields. */
export function pagedList<T>(
  query: { page: number; limit: number },
  data: T[],
  totalCount: number,
): PagedList<T> {
  return {
    success: true,
    limit: query.limit,
    page: query.page,
    count: data.length,
    totalCount,
    totalPages: Math.ceil(totalCount / query.limit),
    data,
  };
}
