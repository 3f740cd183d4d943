import type { Truck, TruckListQuery } from '@dispatch/domain';
import { collections, type TruckDocument } from '@dispatch/projector';
import type { DocumentStore } from '@dispatch/storage';
import { boardDays, countPostings } from '../lists/board-counts.ts';
import { postingFilter, postingSort } from '../lists/posting-filter.ts';

export function toTruck(document: TruckDocument): Truck {
  // The map point is the radius search's to answer, beside the truck.
  const { orgId: _orgId, position: _position, location: _location, ...truck } = document;
  return { ...truck, id: Number(truck.id) };
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
) {
  const filter = postingFilter(query, orgId, 'truckName');
  if (query.direction) filter.direction = { in: query.direction };
  if (query.unitNumber) filter.unitNumber = { contains: query.unitNumber };
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
