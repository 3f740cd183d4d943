import type { RadiusSearch } from '../radius-search';

/**
 * Query keys of the radius search. The organization is in every key, and so is the whole search,
 * its kind (`searchType`) included: a live change notice about trucks refreshes the truck searches
 * only, one about loads the load searches.
 */
export const radiusKeys = {
  all: ['radius'] as const,
  searches: () => ['radius', 'search'] as const,
  search: (organizationId: string, search: RadiusSearch) =>
    ['radius', 'search', organizationId, search] as const,
};

/** The kind of postings a radius search key asks for, or undefined for any other key. */
export function radiusKeyKind(queryKey: readonly unknown[]): RadiusSearch['searchType'] | undefined {
  if (queryKey[0] !== 'radius' || queryKey[1] !== 'search') return undefined;
  const search = queryKey[3];
  if (typeof search !== 'object' || search === null) return undefined;
  const kind = (search as { searchType?: unknown }).searchType;
  return kind === 'trucks' || kind === 'loads' ? kind : undefined;
}

/** As the boards (docs/rules.md#constants-and-limits): fresh for 10 seconds; live change notices refresh it sooner. */
export const RADIUS_STALE_TIME = 10_000;
