import { type GeoPoint, greatCircleMiles, type LaneSearchQuery, roundMiles } from '@dispatch/domain';
import { InputError } from '@dispatch/http';
import { placeOf } from '@dispatch/places';
import {
  collections,
  type ListHistory,
  type LoadDocument,
  listHistories,
  type TruckDocument,
} from '@dispatch/read-models';
import type { DocumentStore, Filter, NearPage, NearQuery, SortKey } from '@dispatch/storage';
import { pageOfTwo, type Source, storeOrder } from '../as-of/merge.ts';
import type { AsOfMoment, SinceMark } from '../as-of/moment.ts';
import { rowsFilterAt, versionsFilterAt } from '../as-of/ranges.ts';
import { type Found, marksSince, rowIdOfFound, rowOfFound } from '../as-of/versions.ts';
import { SEARCH_TOTAL_CAP } from '../lists/board-counts.ts';
import { liveFilter } from '../lists/live-postings.ts';
import { postingFilter } from '../lists/posting-filter.ts';
import { toLoad } from '../loads/loads-page.ts';
import { toTruck } from '../trucks/trucks-page.ts';

type Located = TruckDocument | LoadDocument;
type NearFound = Found<Located> & { miles: number };

/** At one deadhead, the earliest date first (a truck's availability, a load's date), then by id. */
const byDate: SortKey[] = [{ field: 'availabilityDate', direction: 'asc' }];

/** A city of the gazetteer, or the query's error under its field. */
function cityOf(state: string, city: string, field: string) {
  const place = placeOf(state, city);
  if (!place) throw new InputError('query', { [field]: [`City not found in ${state}`] });
  return { city: place.name, state: place.state, latitude: place.latitude, longitude: place.longitude };
}

/**
 * GET /api/v1/lane-search (docs/rules.md#api-calls): the organization's trucks or loads whose origin
 * (a truck's city, a load's origin) lies within `originRadius` miles of the origin city and whose
 * destination (a load's destination, a truck's preferred destination) lies within
 * `destinationRadius` miles of the destination city, or anywhere without one; by deadhead (miles
 * from the origin city to the posting's origin), then by date, through the read models' geo index.
 * A truck that names no preferred destination is found only by a search that goes anywhere
 * (docs/decisions.md "Lane search"). The total is counted up to `SEARCH_TOTAL_CAP` postings, past
 * which it answers the cap with `totalCountExact: false`; as of a moment it is exact.
 */
export async function laneSearch(
  documents: DocumentStore,
  orgId: string,
  query: LaneSearchQuery,
  asOf: AsOfMoment | null = null,
  now: Date | null = new Date(),
) {
  const origin = cityOf(query.originState, query.originCity, 'originCity');
  const destination =
    query.destinationState && query.destinationCity
      ? cityOf(query.destinationState, query.destinationCity, 'destinationCity')
      : null;
  const trucks = query.searchType === 'trucks';
  const field = trucks ? 'location' : 'origin';
  const filter = postingFilter({ ...query, search: undefined, sort: 'desc' }, orgId, 'truckName');
  // A load has no availability status (see the loads list): `status` narrows trucks only.
  if (!trucks) delete filter.status;
  if (query.direction) filter.direction = { in: query.direction };
  const originPoint: GeoPoint = { latitude: origin.latitude, longitude: origin.longitude };
  const destinationPoint: GeoPoint | null = destination && {
    latitude: destination.latitude,
    longitude: destination.longitude,
  };
  // The live search counts up to just past the cap (docs/decisions.md "Lane search"); as of a moment, every posting.
  const countLimit = asOf ? undefined : SEARCH_TOTAL_CAP + 1;
  const near =
    (collection: string, where: Filter) =>
    (skip: number, limit: number): Promise<NearPage<Located>> =>
      documents.findNear<Located>(collection, {
        field,
        center: originPoint,
        maxMiles: query.originRadius,
        filter: where,
        skip,
        limit,
        thenBy: byDate,
        ...(countLimit ? { countLimit } : {}),
        ...(destinationPoint
          ? {
              also: {
                field: 'destination',
                center: destinationPoint,
                maxMiles: query.destinationRadius,
              } satisfies NearQuery['also'],
            }
          : {}),
      });
  const skip = query.page * query.limit;
  const history = trucks ? listHistories.trucks : listHistories.loads;
  const list = trucks ? collections.trucks : collections.loads;
  const { totalCount: counted, matches } = asOf
    ? await laneAsOf(asOf.at, history, filter, near, skip, query.limit)
    : // Past its expiry moment, a posting is off the board before the sweep expires it.
      await near(list, await liveFilter(documents, list, orgId, filter, now))(skip, query.limit);
  const totalCountExact = asOf !== null || counted <= SEARCH_TOTAL_CAP;
  const totalCount = totalCountExact ? counted : SEARCH_TOTAL_CAP;
  const marks = asOf ? await marksSince(documents, list, matches as NearFound[]) : null;

  return {
    success: true as const,
    totalCount,
    totalCountExact,
    ...(asOf ? { asOf: { at: asOf.at, position: asOf.position } } : {}),
    limit: query.limit,
    page: query.page,
    totalPages: Math.ceil(totalCount / query.limit),
    origin: { ...origin, radius: query.originRadius },
    destination: destination && { ...destination, radius: query.destinationRadius },
    data: matches.map((match) => {
      const row = marks
        ? {
            ...rowOfFound(match as NearFound),
            since: marks.get(rowIdOfFound(match as NearFound)) ?? 'unchanged',
          }
        : match.document;
      const rowOrigin = (trucks ? (row as TruckDocument).location : (row as LoadDocument).origin) as GeoPoint;
      const rowDestination = row.destination ?? null;
      const placement = {
        deadheadMiles: roundMiles(match.miles),
        destinationMiles:
          destinationPoint && rowDestination
            ? roundMiles(greatCircleMiles(destinationPoint, rowDestination))
            : null,
        origin: rowOrigin,
        destination: rowDestination,
      };
      const since = 'since' in row ? { since: row.since as SinceMark } : {};
      return trucks
        ? { truck: { ...toTruck(row as TruckDocument), ...since }, ...placement }
        : { load: { ...toLoad(row as LoadDocument), ...since }, ...placement };
    }),
  };
}

/**
 * A lane search as of `at`: the same search over the postings in service since then and over the
 * ended versions valid then, merged by deadhead, then date, then id, as each store orders them.
 */
async function laneAsOf(
  at: string,
  history: ListHistory,
  filter: Filter,
  near: (collection: string, where: Filter) => (skip: number, limit: number) => Promise<NearPage<Located>>,
  skip: number,
  limit: number,
): Promise<{ totalCount: number; matches: NearFound[] }> {
  const source = (collection: string, where: Filter, ended: boolean): Source<NearFound> => {
    const read = near(collection, where);
    let total: Promise<number> | null = null;
    return {
      page: async (from, size) => {
        const answer = read(from, size);
        total ??= answer.then((found) => found.totalCount);
        return (await answer).matches.map((match) => ({
          document: match.document,
          ended,
          miles: match.miles,
        }));
      },
      count: () => {
        total ??= read(0, 1).then((found) => found.totalCount);
        return total;
      },
    };
  };
  const rows = source(history.list, rowsFilterAt(history, filter, at), false);
  const versions = source(history.versions, versionsFilterAt(filter, at, null), true);
  const order = storeOrder(byDate);
  const matches = await pageOfTwo(
    rows,
    versions,
    (x, y) => x.miles - y.miles || order(x.document, y.document),
    skip,
    limit,
  );
  const [inService, ended] = await Promise.all([rows.count(), versions.count()]);
  return { totalCount: inService + ended, matches };
}
