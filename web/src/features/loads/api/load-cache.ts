import type { Load } from '@dispatch/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { LoadsPage } from './get-loads';
import { detailKeyLoadId, loadKeys } from './load-keys';

/** Writes a load the server returned into every cached page and its detail. Never goes back a version. */
export function patchLoadInCaches(queryClient: QueryClient, load: Load): void {
  const newer = (cached: Load) => (cached.version > load.version ? cached : load);
  queryClient.setQueriesData<LoadsPage>({ queryKey: loadKeys.lists() }, (page) =>
    page?.data.some((cached) => cached.id === load.id)
      ? { ...page, data: page.data.map((cached) => (cached.id === load.id ? newer(cached) : cached)) }
      : page,
  );
  queryClient.setQueriesData<Load>(
    { queryKey: loadKeys.details(), predicate: (query) => detailKeyLoadId(query.queryKey) === load.id },
    (cached) => (cached ? newer(cached) : cached),
  );
}

/** Takes a removed load off every cached page at once; the refetch then fills the page back up. */
export function removeLoadFromCaches(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<LoadsPage>({ queryKey: loadKeys.lists() }, (page) =>
    page?.data.some((load) => load.id === id)
      ? { ...page, data: page.data.filter((load) => load.id !== id), count: Math.max(0, page.count - 1) }
      : page,
  );
  queryClient.removeQueries({
    queryKey: loadKeys.details(),
    predicate: (query) => detailKeyLoadId(query.queryKey) === id,
  });
}

/**
 * After a change: every list (order, totals and pages may all move) and the details of the
 * changed loads, or of all loads when the ids are unknown (a reconnect after missed notices).
 * Active queries refetch at once; the others are only marked stale.
 */
export function invalidateLoads(queryClient: QueryClient, ids?: readonly number[]): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: loadKeys.lists() }),
    queryClient.invalidateQueries({
      queryKey: loadKeys.details(),
      predicate: (query) => {
        if (!ids) return true;
        const id = detailKeyLoadId(query.queryKey);
        return id !== undefined && ids.includes(id);
      },
    }),
  ]).then(() => undefined);
}
