import { z } from 'zod';

/** Sort keys of the trucks list (SPEC section 5, list query params). */
export const truckOrderBys = ['updatedAt', 'createdAt', 'availableDate'] as const;
export type TruckOrderBy = (typeof truckOrderBys)[number];
export const sortDirections = ['desc', 'asc'] as const;
export type SortDirection = (typeof sortDirections)[number];

export const DEFAULT_PAGE_SIZE = 10;
export const pageSizes = [10, 20, 50] as const;

/**
 * The list's URL search params. A bad value in a shared or hand-edited link falls back to its
 * default rather than failing the page. Pages start at 0 (SPEC section 9).
 */
export const trucksSearchSchema = z.object({
  page: z.number().int().min(0).default(0).catch(0),
  limit: z.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE),
  orderBy: z.enum(truckOrderBys).default('updatedAt').catch('updatedAt'),
  sort: z.enum(sortDirections).default('desc').catch('desc'),
});
export type TrucksSearch = z.output<typeof trucksSearchSchema>;

/** Defaults are left out of the URL, so the plain list address stays `/{slug}/trucks`. */
export const defaultTrucksSearch: TrucksSearch = trucksSearchSchema.parse({});

/** Clicking a sortable header: the same column flips direction, another starts descending. */
export function nextSort(current: TrucksSearch, orderBy: TruckOrderBy): TrucksSearch {
  const sort: SortDirection = current.orderBy === orderBy && current.sort === 'desc' ? 'asc' : 'desc';
  return { ...current, orderBy, sort, page: 0 };
}
