import type { ActorContext, AuthService } from '@dispatch/auth';
import { callerFirst, requireScope } from '@dispatch/auth';
import {
  compassPoint,
  type Direction,
  type GeoPoint,
  type RadiusSearchQuery,
  radiusSearchAnswerSchema,
  radiusSearchQuerySchema,
  roundMiles,
} from '@dispatch/domain';
import { answers, InputError, openToKeys, type RoutesPlugin } from '@dispatch/http';
import { placeOf } from '@dispatch/places';
import {
  collections,
  type ListHistory,
  type LoadDocument,
  listHistories,
  type TruckDocument,
} from '@dispatch/read-models';
import type { DocumentStore, EventStore, Filter, NearPage } from '@dispatch/storage';
import { type AnswerCache, listAnswerKey } from '../answer-cache.ts';
import { pageOfTwo, type Source, storeOrder } from '../as-of/merge.ts';
import { type AsOfMoment, resolveAsOf, type SinceMark } from '../as-of/moment.ts';
import { rowsFilterAt, versionsFilterAt } from '../as-of/ranges.ts';
import { type Found, marksSince, rowIdOfFound, rowOfFound } from '../as-of/versions.ts';
import {
  cachedNextExpiry,
  expiryMoment,
  liveFilter,
  liveLists,
  type PostingExpiryOptions,
} from '../lists/live-postings.ts';
import { postingFilter } from '../lists/posting-filter.ts';
import { toLoad } from '../loads/loads-page.ts';
import { seesMargin, withoutMargin } from '../loads/margin-visibility.ts';
import { toTruck } from '../trucks/trucks-page.ts';

type Located = TruckDocument | LoadDocument;

/** The compass point of a result as seen from the center, on the map's terms (see compassPoint). */
const directionFrom = (center: GeoPoint, point: GeoPoint): Direction | null => compassPoint(center, point);

/**
 * GET /api/v1/radius-search (docs/rules.md#api-calls): the organization's trucks, or loads by origin or
 * destination, within `radius` miles of a city the gazetteer knows, nearest first, through the read
 * models' geo index. A posting whose place the map does not know is in no radius.
 */
export async function radiusSearch(
  documents: DocumentStore,
  orgId: string,
  query: RadiusSearchQuery,
  asOf: AsOfMoment | null = null,
  now: Date | null = new Date(),
) {
  const place = placeOf(query.state, query.city);
  if (!place) throw new InputError('query', { city: [`City not found in ${query.state}`] });
  const center: GeoPoint = { latitude: place.latitude, longitude: place.longitude };
  const trucks = query.searchType === 'trucks';
  const field = trucks ? 'location' : query.around;
  const filter = postingFilter({ ...query, search: undefined, sort: 'desc' }, orgId, 'truckName');
  // A load has no availability status (see the loads list): `status` narrows trucks only.
  if (!trucks) delete filter.status;
  const list = trucks ? collections.trucks : collections.loads;
  // The compass point is the result's as seen from this search's city: the store keeps only the
  // points in the wanted sectors.
  const wanted = query.direction ? new Set<string>(query.direction) : null;
  const near = (collection: string, where: Filter) => (skip: number, limit: number) =>
    documents.findNear<Located>(collection, {
      field,
      center,
      maxMiles: query.radius,
      filter: where,
      skip,
      limit,
      ...(wanted ? { acceptPoint: (point: GeoPoint) => wanted.has(directionFrom(center, point) ?? '') } : {}),
    });
  const skip = query.page * query.limit;
  const history = trucks ? listHistories.trucks : listHistories.loads;
  // As of a moment, the same search runs over the postings in service then.
  const { totalCount, matches } = asOf
    ? await nearAsOf(asOf.at, history, filter, near, skip, query.limit)
    : // Past its expiry moment, a posting is off the board before the sweep expires it.
      await near(list, await liveFilter(documents, list, orgId, filter, now))(skip, query.limit);
  const marks = asOf ? await marksSince(documents, list, matches as NearFound[]) : null;
  const page = matches.map((match) => ({
    miles: match.miles,
    row: marks
      ? {
          ...rowOfFound(match as NearFound),
          since: marks.get(rowIdOfFound(match as NearFound)) ?? 'unchanged',
        }
      : match.document,
  }));

  return {
    success: true as const,
    totalCount,
    ...(asOf ? { asOf: { at: asOf.at, position: asOf.position } } : {}),
    limit: query.limit,
    page: query.page,
    totalPages: Math.ceil(totalCount / query.limit),
    center: { city: place.name, state: place.state, ...center },
    data: page.map((match) => {
      const location = pointOf(match.row, field) as GeoPoint;
      const placement = {
        distance: roundMiles(match.miles),
        direction: directionFrom(center, location),
        location,
      };
      const { row } = match;
      const since = 'since' in row ? { since: row.since as SinceMark } : {};
      return trucks
        ? { truck: { ...toTruck(row as TruckDocument), ...since }, ...placement }
        : { load: { ...toLoad(row as LoadDocument), ...since }, ...placement };
    }),
  };
}

function pointOf(row: Located, field: string): GeoPoint | null {
  const value = (row as unknown as Record<string, unknown>)[field];
  return (value as GeoPoint | null | undefined) ?? null;
}

type NearFound = Found<Located> & { miles: number };

/**
 * A radius search as of `at`: the same search over the postings in service since then and over the
 * ended versions valid then, merged nearest first (ties by id, as each store orders them).
 */
async function nearAsOf(
  at: string,
  history: ListHistory,
  filter: Filter,
  near: (collection: string, where: Filter) => (skip: number, limit: number) => Promise<NearPage<Located>>,
  skip: number,
  limit: number,
): Promise<{ totalCount: number; matches: NearFound[] }> {
  // Each near query answers its total too: the first one read is kept.
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
  const byId = storeOrder([]);
  const matches = await pageOfTwo(
    rows,
    versions,
    (x, y) => x.miles - y.miles || byId(x.document, y.document),
    skip,
    limit,
  );
  const [inService, ended] = await Promise.all([rows.count(), versions.count()]);
  return { totalCount: inService + ended, matches };
}

/** The results as the caller may see them: a load's margin only for those who see it (seesMargin). */
function resultsFor<Answer extends { data: object[] }>(actor: ActorContext, answer: Answer): Answer {
  if (seesMargin(actor)) return answer;
  return {
    ...answer,
    data: answer.data.map((result) =>
      'load' in result && result.load ? { ...result, load: withoutMargin(result.load) } : result,
    ),
  };
}

export function radiusQueries(
  options: {
    documents: DocumentStore;
    auth: AuthService;
    eventStore: EventStore;
    cache: AnswerCache;
  } & PostingExpiryOptions,
): RoutesPlugin {
  const { documents, auth, eventStore, cache } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireScope('postings:read')));
    app.get(
      '/api/v1/radius-search',
      openToKeys(
        'postings:read',
        answers({ 200: radiusSearchAnswerSchema }, { querystring: radiusSearchQuerySchema }),
      ),
      async (request) => {
        const actor = await requireScope('postings:read')(auth, request);
        const { orgId } = actor;
        const query = request.query;
        if (query.asOf)
          return resultsFor(
            actor,
            await radiusSearch(documents, orgId, query, await resolveAsOf(eventStore, orgId, query.asOf)),
          );
        // Nothing in a search's answer depends on the day: the key is the organization and the query.
        // It holds until the commit that changes the list, or the next posting's expiry moment.
        const now = expiryMoment(options);
        const list = query.searchType === 'trucks' ? liveLists.trucks : liveLists.loads;
        return resultsFor(
          actor,
          await cache.answer(
            listAnswerKey('radius-search', orgId, '', query),
            () => radiusSearch(documents, orgId, query, null, now),
            await cachedNextExpiry(cache, documents, list, orgId, now),
          ),
        );
      },
    );
  };
}
