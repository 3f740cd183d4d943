import { type TruckListQuery, type TruckOrderBy, truckListQuerySchema } from '@dispatch/domain';
import type { SearchSchemaInput } from '@tanstack/react-router';
import { nextBoardSort } from '../../components/board/board-kind';
import { lenientSearch } from '../../components/board/board-search';
import { gridPageSizes } from '../../components/board/data-grid/grid-preferences';

export const sortDirections = ['desc', 'asc'] as const;
export type SortDirection = (typeof sortDirections)[number];

export const DEFAULT_PAGE_SIZE = 10;
/** The page sizes the board offers (its Rows per page select); the API takes 1 to 100. */
export const pageSizes = gridPageSizes;

/**
 * The list's URL search params: every list parameter of docs/rules.md#validation, validated with the API's
 * own schema. A bad value in a shared or hand-edited link is dropped (back to its default) rather
 * than failing the page. Pages start at 0 (docs/rules.md#constants-and-limits).
 */
export const validateTrucksSearch = lenientSearch(truckListQuerySchema);
export type TrucksSearch = TruckListQuery;

/** The route's validator: links are typed with every param optional (SearchSchemaInput). */
export const trucksRouteSearch = (input: Partial<TrucksSearch> & SearchSchemaInput) =>
  validateTrucksSearch(input as Record<string, unknown>);

/** Defaults are left out of the URL, so the plain list address stays `/{slug}/trucks`. */
export const defaultTrucksSearch: TrucksSearch = validateTrucksSearch({});

/** Clicking a sortable header: the same column flips direction, another starts in its first one. */
export const nextSort = (current: TrucksSearch, orderBy: TruckOrderBy): TrucksSearch =>
  nextBoardSort(current, orderBy);
