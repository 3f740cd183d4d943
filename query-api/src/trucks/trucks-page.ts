import type { Truck, TruckListQuery } from '@dispatch/domain';
import { collections, type TruckDocument } from '@dispatch/projector';
import type { DocumentStore, Filter } from '@dispatch/storage';
import { type AsOfMoment, boardDaysAsOf, listPageAsOf } from '../lists/as-of.ts';
import { boardDays, countPostings } from '../lists/board-counts.ts';
import { postingFilter, postingSort } from '../lists/posting-filter.ts';

export function toTruck(document: TruckDocument): Truck {
  // The map point is the radius search's to answer, beside the truck.
  const { orgId: _orgId, position: _position, location: _location, ...truck } = document;
  return { ...truck, id: Number(truck.id) };
}

/** The document store query of the trucks list (its page and its CSV export). */
export function truckListFilter(query: Omit<TruckListQuery, 'limit' | 'page'>, orgId: string): Filter {
  const filter = postingFilter(query, orgId, 'truckName');
  if (query.direction) filter.direction = { in: query.direction };
  if (query.unitNumber) filter.unitNumber = { contains: query.unitNumber };
  return filter;
}

/**
 * One page of an organization's trucks list with the response fields of SPEC section 7. The rows
 * come through the list's indexes; every count from the projector's counters where the filter allows.
 */
export async function trucksPage(
  documents: DocumentStore,
  orgId: string,
  timeZone: string,
  query: TruckListQuery,
  now: Date,
  asOf: AsOfMoment | null = null,
) {
  const filter = truckListFilter(query, orgId);
  if (asOf) return trucksPageAsOf(documents, orgId, timeZone, query, filter, asOf);
  const [rows, totalCount, days] = await Promise.all([
    documents.find<TruckDocument>(collections.trucks, {
      filter,
      sort: postingSort(query),
      skip: query.page * query.limit,
      limit: query.limit,
    }),
    countPostings(documents, 'trucks', collections.trucks, filter),
    boardDays(documents, 'trucks', orgId, timeZone, now),
  ]);
  return {
    success: true,
    count: rows.length,
    totalCount,
    totalPages: Math.ceil(totalCount / query.limit),
    totalTrucksCreatedToday: days.createdToday,
    totalTrucksCreatedYesterday: days.createdYesterday,
    totalAvailableToday: days.availableToday,
    totalAvailableYesterday: days.availableYesterday,
    limit: query.limit,
    page: query.page,
    data: rows.map(toTruck),
  };
}

/** The trucks list as it was at `asOf`: the same answer, from the trucks' versions, read only. */
async function trucksPageAsOf(
  documents: DocumentStore,
  orgId: string,
  timeZone: string,
  query: TruckListQuery,
  filter: Filter,
  asOf: AsOfMoment,
) {
  const [page, days] = await Promise.all([
    listPageAsOf<TruckDocument>({
      documents,
      list: collections.trucks,
      versions: collections.truckVersions,
      lifetimes: collections.truckLifetimes,
      orgId,
      filter,
      sort: postingSort(query),
      skip: query.page * query.limit,
      limit: query.limit,
      asOf,
    }),
    boardDaysAsOf(
      documents,
      collections.truckVersions,
      collections.truckLifetimes,
      orgId,
      timeZone,
      asOf.at,
      { status: { eq: true } },
    ),
  ]);
  return {
    success: true,
    count: page.rows.length,
    totalCount: page.totalCount,
    totalPages: Math.ceil(page.totalCount / query.limit),
    totalTrucksCreatedToday: days.createdToday,
    totalTrucksCreatedYesterday: days.createdYesterday,
    totalAvailableToday: days.availableToday,
    totalAvailableYesterday: days.availableYesterday,
    limit: query.limit,
    page: query.page,
    asOf: page.asOf,
    data: page.rows.map(({ row, since }) => ({ ...toTruck(row), since })),
  };
}
