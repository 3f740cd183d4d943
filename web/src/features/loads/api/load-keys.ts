import type { LoadsSearch } from '../loads-search';

/**
 * Query keys of the loads resource, built in one place so a mutation or a live change notice
 * invalidates with one line. The organization is part of every key: a switch never shows another
 * organization's board, even for a moment.
 */
export const loadKeys = {
  all: ['loads'] as const,
  lists: () => ['loads', 'list'] as const,
  list: (organizationId: string, search: LoadsSearch) => ['loads', 'list', organizationId, search] as const,
  details: () => ['loads', 'detail'] as const,
  detail: (organizationId: string, id: number) => ['loads', 'detail', organizationId, id] as const,
};

/** The load id in a detail key, or undefined for any other key. */
export function detailKeyLoadId(queryKey: readonly unknown[]): number | undefined {
  return queryKey[0] === 'loads' && queryKey[1] === 'detail' && typeof queryKey[3] === 'number'
    ? queryKey[3]
    : undefined;
}

/** docs/rules.md#constants-and-limits: the loads list is fresh for 10 seconds. */
export const LOADS_STALE_TIME = 10_000;
