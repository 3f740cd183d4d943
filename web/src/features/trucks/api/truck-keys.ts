import type { TrucksSearch } from '../trucks-search';

/**
 * Query keys of the trucks resource, built in one place so a mutation or a live change notice
 * invalidates with one line. The organization is part of every key: a switch never shows another
 * organization's board, even for a moment.
 */
export const truckKeys = {
  all: ['trucks'] as const,
  lists: () => ['trucks', 'list'] as const,
  list: (organizationId: string, search: TrucksSearch) => ['trucks', 'list', organizationId, search] as const,
  details: () => ['trucks', 'detail'] as const,
  detail: (organizationId: string, id: number) => ['trucks', 'detail', organizationId, id] as const,
};

/** The truck id in a detail key, or undefined for any other key. */
export function detailKeyTruckId(queryKey: readonly unknown[]): number | undefined {
  return queryKey[0] === 'trucks' && queryKey[1] === 'detail' && typeof queryKey[3] === 'number'
    ? queryKey[3]
    : undefined;
}

/** docs/rules.md#constants-and-limits: the trucks list is fresh for 10 seconds. */
export const TRUCKS_STALE_TIME = 10_000;
