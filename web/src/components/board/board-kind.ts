import type { LoadOrderBy, TruckOrderBy } from '@dispatch/domain';

/** The two lists of the board; shared board components link within the one they show. */
export type BoardPath = '/$orgSlug/trucks/' | '/$orgSlug/loads/';

/** The orders the lists offer (docs/decisions.md#trucks-and-loads): their dates and their columns. */
export type BoardOrderBy = TruckOrderBy | LoadOrderBy;

/** The part of a list's search a sortable header reads and changes. */
export interface BoardSort<O extends BoardOrderBy = BoardOrderBy> {
  orderBy: O;
  sort: 'asc' | 'desc';
  page: number;
}

/** Orders read from the top down first: the newest date, the highest rate, the available trucks. */
const topDownFirst: ReadonlySet<BoardOrderBy> = new Set<BoardOrderBy>([
  'updatedAt',
  'createdAt',
  'availableDate',
  'rateForTitan',
  'rateForCarrier',
  'status',
]);

/** The direction of a column's first click: text from A to Z, dates, rates and status from the top down. */
export const firstSortOf = (orderBy: BoardOrderBy): 'asc' | 'desc' =>
  topDownFirst.has(orderBy) ? 'desc' : 'asc';

/**
 * A click on a sortable header: the column in order flips its direction, another starts in its first
 * direction (firstSortOf); either way back to the first page.
 */
export function nextBoardSort<S extends BoardSort<O>, O extends BoardOrderBy>(current: S, orderBy: O): S {
  const sort = current.orderBy === orderBy ? (current.sort === 'asc' ? 'desc' : 'asc') : firstSortOf(orderBy);
  return { ...current, orderBy, sort, page: 0 };
}
