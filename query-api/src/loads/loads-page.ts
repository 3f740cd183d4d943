import type { Load, LoadListQuery } from '@dispatch/domain';
import { collections, type LoadDocument } from '@dispatch/projector';
import type { DocumentStore, Filter } from '@dispatch/storage';
import { type AsOfMoment, boardDaysAsOf, listPageAsOf } from '../lists/as-of.ts';
import { boardDays, countPostings } from '../lists/board-counts.ts';
import { postingFilter, postingSort } from '../lists/posting-filter.ts';

/** A load as the API answers it: what the projector keeps only to filter by (search, direction, map points) left out. */
export function toLoad(document: LoadDocument): Load {
  const {
    orgId: _orgId,
    position: _position,
    searchText: _searchText,
    direction: _direction,
    origin: _origin,
    destination: _destination,
    ...load
  } = document;
  return { ...load, id: Number(load.id) };
}

/** The document store query of the loads list (its page and its CSV export). */
export function loadListFilter(query: Omit<LoadListQuery, 'limit' | 'page'>, orgId: string): Filter {
  // A load has no availability status (SPEC section 3): the shared `status` parameter filters nothing.
  const filter = postingFilter({ ...query, status: undefined }, orgId, 'searchText');
  if (query.product) filter.product = { in: query.product };
  // A load runs from its origin to its destination: `direction` is that compass point (the projector
  // works it out from the cities' coordinates). `unitNumber` filters nothing, as `status`: a load has
  // no truck, so no unit number, until it is booked.
  if (query.direction) filter.direction = { in: query.direction };
  return filter;
}

/**
 * One page of an organization's loads list with the response fields of SPEC section 7. The rows
 * come through the list's indexes; every count from the projector's counters where the filter allows.
 */
export async function loadsPage(
  documents: DocumentStore,
  orgId: string,
  timeZone: string,
  query: LoadListQuery,
  now: Date,
  asOf: AsOfMoment | null = null,
) {
  const filter = loadListFilter(query, orgId);
  if (asOf) return loadsPageAsOf(documents, orgId, timeZone, query, filter, asOf);
  const [rows, totalCount, days] = await Promise.all([
    documents.find<LoadDocument>(collections.loads, {
      filter,
      sort: postingSort(query),
      skip: query.page * query.limit,
      limit: query.limit,
    }),
    countPostings(documents, 'loads', collections.loads, filter),
    boardDays(documents, 'loads', orgId, timeZone, now),
  ]);
  return {
    success: true,
    count: rows.length,
    totalCount,
    totalCreatedToday: days.createdToday,
    totalCreatedYesterday: days.createdYesterday,
    totalAvailableToday: days.availableToday,
    totalAvailableYesterday: days.availableYesterday,
    limit: query.limit,
    totalPages: Math.ceil(totalCount / query.limit),
    page: query.page,
    data: rows.map(toLoad),
  };
}

/** The loads list as it was at `asOf`: the same answer, from the loads' versions, read only. */
async function loadsPageAsOf(
  documents: DocumentStore,
  orgId: string,
  timeZone: string,
  query: LoadListQuery,
  filter: Filter,
  asOf: AsOfMoment,
) {
  const [page, days] = await Promise.all([
    listPageAsOf<LoadDocument>({
      documents,
      list: collections.loads,
      versions: collections.loadVersions,
      lifetimes: collections.loadLifetimes,
      orgId,
      filter,
      sort: postingSort(query),
      skip: query.page * query.limit,
      limit: query.limit,
      asOf,
    }),
    boardDaysAsOf(
      documents,
      collections.loadVersions,
      collections.loadLifetimes,
      orgId,
      timeZone,
      asOf.at,
      {},
    ),
  ]);
  return {
    success: true,
    count: page.rows.length,
    totalCount: page.totalCount,
    totalCreatedToday: days.createdToday,
    totalCreatedYesterday: days.createdYesterday,
    totalAvailableToday: days.availableToday,
    totalAvailableYesterday: days.availableYesterday,
    limit: query.limit,
    totalPages: Math.ceil(page.totalCount / query.limit),
    page: query.page,
    asOf: page.asOf,
    data: page.rows.map(({ row, since }) => ({ ...toLoad(row), since })),
  };
}
