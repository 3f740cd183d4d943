import { type LoadOrderBy, loadListQuerySchema, loadOrderBys } from '@dispatch/domain';
import { z } from 'zod';
import { nextBoardSort } from '../../components/board/board-kind';
import { gridPageSizes } from '../../components/board/data-grid/grid-preferences';

const sortDirections = ['desc', 'asc'] as const;
export type LoadSortDirection = (typeof sortDirections)[number];

export const DEFAULT_LOADS_PAGE_SIZE = 10;
/** The page sizes the board offers (its Rows per page select); the API takes 1 to 100. */
export const loadsPageSizes = gridPageSizes;

/**
 * The loads list's URL search params. A bad value in a shared or hand-edited link falls back to
 * its default rather than failing the page. Pages start at 0 (docs/rules.md#constants-and-limits).
 */
const list = loadListQuerySchema.shape;
/** A filter of the list (docs/rules.md#validation), read as the API reads it; a value it would refuse is dropped. */
const filter = <T extends z.ZodType>(field: T) => field.optional().catch(undefined);

export const loadsSearchSchema = z.object({
  page: z.number().int().min(0).default(0).catch(0),
  limit: z.number().int().min(1).max(100).default(DEFAULT_LOADS_PAGE_SIZE).catch(DEFAULT_LOADS_PAGE_SIZE),
  orderBy: z.enum(loadOrderBys).default('updatedAt').catch('updatedAt'),
  sort: z.enum(sortDirections).default('desc').catch('desc'),
  // The filter bar's (features/postings/components/filter-bar.tsx); a load has no status to filter by.
  search: filter(list.search),
  trailerType: filter(list.trailerType),
  product: filter(list.product),
  createdBy: filter(list.createdBy),
  startDate: filter(list.startDate),
  endDate: filter(list.endDate),
  dateOperation: filter(list.dateOperation),
  dateField: filter(list.dateField),
  // The ranges of trip miles, rate per mile and margin (the margin's for those who see it).
  minTripMiles: filter(list.minTripMiles),
  maxTripMiles: filter(list.maxTripMiles),
  minRatePerMile: filter(list.minRatePerMile),
  maxRatePerMile: filter(list.maxRatePerMile),
  minMargin: filter(list.minMargin),
  maxMargin: filter(list.maxMargin),
});
export type LoadsSearch = z.output<typeof loadsSearchSchema>;

/** Defaults are left out of the URL, so the plain list address stays `/{slug}/loads`. */
export const defaultLoadsSearch: LoadsSearch = loadsSearchSchema.parse({});

/** Clicking a sortable header: the same column flips direction, another starts in its first one. */
export const nextLoadsSort = (current: LoadsSearch, orderBy: LoadOrderBy): LoadsSearch =>
  nextBoardSort(current, orderBy);
