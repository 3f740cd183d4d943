import {
  compareMatches,
  type GeoPoint,
  greatCircleMiles,
  MATCH_HEADING_MILES,
  type MatchesQuery,
  type MatchFit,
  notFound,
  roundMiles,
  truckFitsLoad,
} from '@dispatch/domain';
import { deadheadMilesBetween } from '@dispatch/places';
import { collections, type LoadDocument, type TruckDocument } from '@dispatch/read-models';
import type { DocumentStore, Filter } from '@dispatch/storage';
import { SEARCH_TOTAL_CAP } from '../lists/board-counts.ts';
import { liveFilter, pastExpiry } from '../lists/live-postings.ts';
import { toLoad } from '../loads/loads-page.ts';
import { toTruck } from '../trucks/trucks-page.ts';

const dayOf = (instant: string) => instant.slice(0, 10);
/** The day after an ISO date's, as "YYYY-MM-DD": the dates before it are on or before that day. */
const dayAfter = (instant: string) =>
  new Date(Date.parse(dayOf(instant)) + 86_400_000).toISOString().slice(0, 10);

type Ranked<T> = MatchFit & { id: number; posting: T };

/**
 * How many postings fit, counted up to `SEARCH_TOTAL_CAP` (docs/decisions.md "Matches"): past it the
 * cap, with `totalCountExact: false`. The best `limit` come from the nearest postings, never the count.
 */
const totalOf = (counted: number) =>
  counted > SEARCH_TOTAL_CAP
    ? { totalCount: SEARCH_TOTAL_CAP, totalCountExact: false }
    : { totalCount: counted, totalCountExact: true };

/** A fit as the API answers it: miles to a tenth (the deadhead as places/ measures it, straight line). */
const answerOf = (fit: MatchFit, truck: GeoPoint, loadOrigin: GeoPoint) => ({
  deadheadMiles: deadheadMilesBetween(truck, loadOrigin),
  headingMiles: fit.headingMiles === null ? null : roundMiles(fit.headingMiles),
  daysBefore: fit.daysBefore,
  reasons: fit.reasons,
});

/**
 * GET /api/v1/loads/{id}/matches: the organization's trucks that fit the load (truckFitsLoad), best
 * first (compareMatches). Two near queries from the load's origin, each already in the ranking's
 * order (deadhead, then the latest availability, then id): the trucks heading within 150 miles of
 * the load's destination, and those that go anywhere; merged, the first `limit` are the best. A
 * truck heading there from the load's own point ranks ahead of every truck that goes anywhere (no
 * shorter deadhead, and heading first at the same one): those the first page holds are places the
 * others cannot take, whose documents are then not read; each is counted only as far as the total's cap.
 */
export async function loadMatches(
  documents: DocumentStore,
  orgId: string,
  loadId: number,
  query: MatchesQuery,
  now: Date | null = new Date(),
) {
  const load = await documents.get<LoadDocument>(collections.loads, String(loadId));
  // Another organization's load is answered exactly like a missing one; one past its expiry moment
  // like one the sweep has expired, off the board.
  if (!load || load.orgId !== orgId || pastExpiry(load, now)) throw notFound(`Load ${loadId} not found`);
  const empty = { success: true as const, deadhead: query.deadhead, ...totalOf(0), data: [] };
  if (!load.origin) return empty;
  const origin: GeoPoint = load.origin;
  // Past its expiry moment, a truck is off the board before the sweep expires it.
  const filter = await liveFilter(
    documents,
    collections.trucks,
    orgId,
    {
      orgId: { eq: orgId },
      status: { eq: true },
      trailerType: { eq: load.trailerType },
      availabilityDate: { lt: dayAfter(load.availabilityDate) },
    },
    now,
  );
  const near = (where: Filter, limit: number, countLimit: number, also?: { center: GeoPoint }) =>
    documents.findNear<TruckDocument>(collections.trucks, {
      field: 'location',
      center: origin,
      maxMiles: query.deadhead,
      filter: where,
      limit,
      countLimit,
      thenBy: [{ field: 'availabilityDate', direction: 'desc' }],
      ...(also ? { also: { field: 'destination', center: also.center, maxMiles: MATCH_HEADING_MILES } } : {}),
    });
  const heading = load.destination
    ? await near(filter, query.limit, SEARCH_TOTAL_CAP + 1, { center: load.destination })
    : null;
  const fitOf = (truck: TruckDocument): Ranked<TruckDocument> | null => {
    const fit = truckFitsLoad(
      { ...truck, id: Number(truck.id) },
      { ...load, id: loadId },
      {
        deadheadMiles: deadheadMilesExact(truck.location as GeoPoint, origin),
        headingMiles: truck.preferedCity ? milesOrInfinity(truck.destination, load.destination) : null,
      },
      query.deadhead,
    );
    return fit && { ...fit, id: Number(truck.id), posting: truck };
  };
  const ranked: Ranked<TruckDocument>[] = [];
  for (const { document: truck } of heading?.matches ?? []) {
    const fit = fitOf(truck);
    if (fit) ranked.push(fit);
  }
  const ahead = ranked.filter((match) => match.deadheadMiles === 0).length;
  const anywhere = await near(
    // No preferred destination at all; one the map does not know heads nowhere we can tell.
    {
      ...filter,
      'destination.latitude': { eq: null },
      'destination.longitude': { eq: null },
      preferedCity: { eq: null },
    },
    query.limit - ahead,
    // The total stops at the cap: past it, these are counted only as far as it.
    Math.max(1, SEARCH_TOTAL_CAP + 1 - (heading?.totalCount ?? 0)),
  );
  for (const { document: truck } of anywhere.matches) {
    const fit = fitOf(truck);
    if (fit) ranked.push(fit);
  }
  ranked.sort(compareMatches);
  return {
    success: true as const,
    deadhead: query.deadhead,
    ...totalOf((heading?.totalCount ?? 0) + anywhere.totalCount),
    data: ranked.slice(0, query.limit).map((match) => ({
      truck: toTruck(match.posting),
      ...answerOf(match, match.posting.location as GeoPoint, origin),
    })),
  };
}

/**
 * GET /api/v1/trucks/{id}/matches: the mirror, the organization's loads the truck fits, best first.
 * One near query from the truck's city, in the ranking's order (deadhead, then the nearest date,
 * then id); with a preferred destination, only the loads going within 150 miles of it.
 */
export async function truckMatches(
  documents: DocumentStore,
  orgId: string,
  truckId: number,
  query: MatchesQuery,
  now: Date | null = new Date(),
) {
  const truck = await documents.get<TruckDocument>(collections.trucks, String(truckId));
  if (!truck || truck.orgId !== orgId || pastExpiry(truck, now)) throw notFound(`Truck ${truckId} not found`);
  const empty = { success: true as const, deadhead: query.deadhead, ...totalOf(0), data: [] };
  // An unavailable truck, one off the map, or one heading to a place the map does not know fits no load.
  if (!truck.status || !truck.location || (truck.preferedCity && !truck.destination)) return empty;
  const location: GeoPoint = truck.location;
  const found = await documents.findNear<LoadDocument>(collections.loads, {
    field: 'origin',
    center: location,
    maxMiles: query.deadhead,
    // Past its expiry moment, a load is off the board before the sweep expires it.
    filter: await liveFilter(
      documents,
      collections.loads,
      orgId,
      {
        orgId: { eq: orgId },
        trailerType: { eq: truck.trailerType },
        availabilityDate: { gte: dayOf(truck.availabilityDate) },
      },
      now,
    ),
    limit: query.limit,
    countLimit: SEARCH_TOTAL_CAP + 1,
    thenBy: [{ field: 'availabilityDate', direction: 'asc' }],
    ...(truck.destination
      ? { also: { field: 'destination', center: truck.destination, maxMiles: MATCH_HEADING_MILES } }
      : {}),
  });
  const ranked: Ranked<LoadDocument>[] = [];
  for (const { document: load } of found.matches) {
    const fit = truckFitsLoad(
      { ...truck, id: truckId },
      { ...load, id: Number(load.id) },
      {
        deadheadMiles: deadheadMilesExact(location, load.origin as GeoPoint),
        headingMiles: truck.destination ? milesOrInfinity(truck.destination, load.destination) : null,
      },
      query.deadhead,
    );
    if (fit) ranked.push({ ...fit, id: Number(load.id), posting: load });
  }
  ranked.sort(compareMatches);
  return {
    success: true as const,
    deadhead: query.deadhead,
    ...totalOf(found.totalCount),
    data: ranked.map((match) => ({
      load: toLoad(match.posting),
      ...answerOf(match, location, match.posting.origin as GeoPoint),
    })),
  };
}

/** The straight-line deadhead, unrounded: the ranking compares it exactly, the answer rounds it. */
const deadheadMilesExact = (truck: GeoPoint, loadOrigin: GeoPoint) => greatCircleMiles(truck, loadOrigin);

const milesOrInfinity = (a: GeoPoint | null, b: GeoPoint | null) =>
  a && b ? greatCircleMiles(a, b) : Number.POSITIVE_INFINITY;
