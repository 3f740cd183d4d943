/** The two lists of the board; shared board components link within the one they show. */
export type BoardPath = '/$orgSlug/trucks/' | '/$orgSlug/loads/';

/** The orders both lists offer (docs/rules.md#validation, list query params). */
export type BoardOrderBy = 'updatedAt' | 'createdAt' | 'availableDate';

/** The part of a list's search a sortable header reads and changes. */
export interface BoardSort {
  orderBy: BoardOrderBy;
  sort: 'asc' | 'desc';
  page: number;
}
