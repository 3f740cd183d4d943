import { type Load, type LoadListQuery, loadRanges } from '@dispatch/domain';
import type { LoadDocument } from '@dispatch/read-models';
import type { DocumentStore, Filter } from '@dispatch/storage';
import type { AsOfMoment } from '../as-of/moment.ts';
import { postingFilter } from '../lists/posting-filter.ts';
import { postingRows } from '../lists/posting-page.ts';

/** A load as the API answers it: what the projector keeps only to filter by (search, direction, map points) left out. */
export function toLoad(document: LoadDocument): Load & { originOnMap: boolean; destinationOnMap: boolean } {
  const {
    orgId: _orgId,
    position: _position,
    searchText: _searchText,
    direction: _direction,
    origin,
    destination,
    ...load
  } = document;
  // Whether the map knows each end: the board marks those it does not ("Not on the map").
  return { ...load, id: Number(load.id), originOnMap: origin != null, destinationOnMap: destination != null };
}

/** The document store query of the loads list (its page and its CSV export). */
export function loadListFilter(query: Omit<LoadListQuery, 'limit' | 'page'>, orgId: string): Filter {
  // A load has no availability status (docs/rules.md#entities-and-fields): the shared `status` parameter filters nothing.
  const filter = postingFilter({ ...query, status: undefined }, orgId, 'searchText');
  if (query.product) filter.product = { in: query.product };
  // A load runs from its origin to its destination: `direction` is that compass point (the projector
  // works it out from the cities' coordinates). `unitNumber` filters nothing, as `status`: a load has
  // no truck, so no unit number, until it is booked.
  if (query.direction) filter.direction = { in: query.direction };
  // Trip miles, our rate per mile and the margin, each between a minimum and a maximum.
  for (const [field, [min, max]] of Object.entries(loadRanges)) {
    const from = query[min];
    const to = query[max];
    if (from !== undefined || to !== undefined)
      filter[field] = { ...(from !== undefined && { gte: from }), ...(to !== undefined && { lte: to }) };
  }
  return filter;
}

/**
 * One page of an organization's loads list with the response fields of docs/rules.md#api-calls, live or as of
 * a past moment (`asOf`: the same answer from the loads' versions, read only, each row marked).
 */
export async function loadsPage(
  documents: DocumentStore,
  orgId: string,
  timeZone: string,
  query: LoadListQuery,
  now: Date,
  asOf: AsOfMoment | null = null,
  expiryAt: Date | null = now,
) {
  const filter = loadListFilter(query, orgId);
  const page = await postingRows<LoadDocument>({
    documents,
    kind: 'loads',
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
    totalCreatedToday: page.days.createdToday,
    totalCreatedYesterday: page.days.createdYesterday,
    totalAvailableToday: page.days.availableToday,
    totalAvailableYesterday: page.days.availableYesterday,
    limit: query.limit,
    totalPages: page.totalPages,
    page: query.page,
    ...(page.asOf ? { asOf: page.asOf } : {}),
    data: page.rows.map(({ row, since }) => (since ? { ...toLoad(row), since } : toLoad(row))),
  };
}
