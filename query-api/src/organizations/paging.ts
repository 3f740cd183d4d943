import type { PagedList } from '@dispatch/domain';

/** Member, invitation and admin pages count from 1 (SPEC section 9). */
export const skipFor = (query: { page: number; limit: number }) => (query.page - 1) * query.limit;

/** The paged list response of SPEC section 3. */
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
