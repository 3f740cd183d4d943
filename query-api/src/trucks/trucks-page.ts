import type { Truck, TruckListQuery } from '@dispatch/domain';
import type { TruckDocument } from '@dispatch/read-models';
import type { DocumentStore, Filter } from '@dispatch/storage';
import type { AsOfMoment } from '../as-of/moment.ts';
import { postingFilter } from '../lists/posting-filter.ts';
import { postingRows } from '../lists/posting-page.ts';

export function toTruck(document: TruckDocument): Truck & { onMap: boolean } {
  // The map point is the radius search's to answer, beside the truck; the search text is the list's.
  const {
    orgId: _orgId,
    position: _position,
    searchText: _searchText,
    location,
    destination: _destination,
    ...truck
  } = document;
  // Whether the map knows the truck's place: the board marks those it does not ("Not on the map").
  return { ...truck, id: Number(truck.id), onMap: location != null };
}

/** The document store query of the trucks list (its page and its CSV export). */
export function truckListFilter(query: Omit<TruckListQuery, 'limit' | 'page'>, orgId: string): Filter {
  const filter = postingFilter(query, orgId, 'searchText');
  if (query.direction) filter.direction = { in: query.direction };
  if (query.unitNumber) filter.unitNumber = { contains: query.unitNumber };
  return filter;
}

/**
 * One page of an organization's trucks list with the response fields of docs/rules.md#api-calls, live or as of
 * a past moment (`asOf`: the same answer from the trucks' versions, read only, each row marked).
 */
export async function trucksPage(
  documents: DocumentStore,
  orgId: string,
  timeZone: string,
  query: TruckListQuery,
  now: Date,
  asOf: AsOfMoment | null = null,
  expiryAt: Date | null = now,
) {
  const filter = truckListFilter(query, orgId);
  const page = await postingRows<TruckDocument>({
    documents,
    kind: 'trucks',
    orgId,
    timeZone,
    query,
    filter,
    now,
    asOf,
    expiryAt,
  });
  return {
    success: true,
    count: page.rows.length,
    totalCount: page.totalCount,
    totalCountExact: page.totalCountExact,
    totalPages: page.totalPages,
    totalTrucksCreatedToday: page.days.createdToday,
    totalTrucksCreatedYesterday: page.days.createdYesterday,
    totalAvailableToday: page.days.availableToday,
    totalAvailableYesterday: page.days.availableYesterday,
    limit: query.limit,
    page: query.page,
    ...(page.asOf ? { asOf: page.asOf } : {}),
    data: page.rows.map(({ row, since }) => (since ? { ...toTruck(row), since } : toTruck(row))),
  };
}
