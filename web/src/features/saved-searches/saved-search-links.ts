import type { SavedSearchKind } from '@dispatch/domain';
import type { SearchParams } from './saved-search-wording';

/** The board a saved search opens, by its kind. */
export const boardOfKind = {
  trucks: '/$orgSlug/trucks',
  loads: '/$orgSlug/loads',
  radius: '/$orgSlug/radius',
  lane: '/$orgSlug/lanes',
} as const satisfies Record<SavedSearchKind, string>;

/** The kind of search a board saves ("/$orgSlug/trucks/" saves trucks searches). */
export const kindOfBoard = (path: '/$orgSlug/trucks/' | '/$orgSlug/loads/'): SavedSearchKind =>
  path === '/$orgSlug/trucks/' ? 'trucks' : 'loads';

/**
 * The board's address params of a saved search: its parameters as they are (the board reads them
 * with the API's own schema, and drops what it would refuse), from the first page.
 */
export function boardSearchOf(params: SearchParams): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null),
  );
}

/** The page of the posting a notification or a search result names. */
export const postingEditRoute = {
  trucks: '/$orgSlug/trucks/edit/$id',
  loads: '/$orgSlug/loads/edit/$id',
} as const;
