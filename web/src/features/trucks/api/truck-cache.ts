import type { Truck } from '@dispatch/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { TrucksPage } from './get-trucks';
import { detailKeyTruckId, truckKeys } from './truck-keys';

/** The page with one truck changed; the same object when the truck is not on it. */
export function updateTruckInPage(page: TrucksPage, id: number, update: (truck: Truck) => Truck): TrucksPage {
  if (!page.data.some((truck) => truck.id === id)) return page;
  return { ...page, data: page.data.map((truck) => (truck.id === id ? update(truck) : truck)) };
}

/** Writes a truck the server returned into every cached page and its detail. Never goes back a version. */
export function patchTruckInCaches(queryClient: QueryClient, truck: Truck): void {
  const newer = (cached: Truck) => (cached.version > truck.version ? cached : truck);
  queryClient.setQueriesData<TrucksPage>({ queryKey: truckKeys.lists() }, (page) =>
    page ? updateTruckInPage(page, truck.id, newer) : page,
  );
  queryClient.setQueriesData<Truck>(
    { queryKey: truckKeys.details(), predicate: (query) => detailKeyTruckId(query.queryKey) === truck.id },
    (cached) => (cached ? newer(cached) : cached),
  );
}

/** Takes a removed truck off every cached page at once; the refetch then fills the page back up. */
export function removeTruckFromCaches(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<TrucksPage>({ queryKey: truckKeys.lists() }, (page) =>
    page?.data.some((truck) => truck.id === id)
      ? { ...page, data: page.data.filter((truck) => truck.id !== id), count: Math.max(0, page.count - 1) }
      : page,
  );
  queryClient.removeQueries({
    queryKey: truckKeys.details(),
    predicate: (query) => detailKeyTruckId(query.queryKey) === id,
  });
}

/**
 * After a change: every list (order, totals and pages may all move) and the details of the
 * changed trucks, or of all trucks when the ids are unknown (a reconnect after missed notices).
 * Active queries refetch at once; the others are only marked stale.
 */
export function invalidateTrucks(queryClient: QueryClient, ids?: readonly number[]): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: truckKeys.lists() }),
    queryClient.invalidateQueries({
      queryKey: truckKeys.details(),
      predicate: (query) => {
        if (!ids) return true;
        const id = detailKeyTruckId(query.queryKey);
        return id !== undefined && ids.includes(id);
      },
    }),
  ]).then(() => undefined);
}
