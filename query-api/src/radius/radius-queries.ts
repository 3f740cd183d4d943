import type { AuthService } from '@dispatch/auth';
import { answers } from '@dispatch/auth/http/answers';
import { InputError, parseInput } from '@dispatch/auth/http/boundary';
import { requireOrganization } from '@dispatch/auth/http/request-context';
import {
  compassPoint,
  type Direction,
  type GeoPoint,
  type RadiusSearchQuery,
  radiusSearchAnswerSchema,
  radiusSearchQuerySchema,
  roundMiles,
} from '@dispatch/domain';
import {
  collections,
  type LoadDocument,
  placeOf,
  type TruckDocument,
  type VersionFields,
} from '@dispatch/projector';
import type { Document, DocumentStore, EventStore, NearMatch, NearQuery } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { type AnswerCache, listAnswerKey } from '../answer-cache.ts';
import {
  type AsOfMoment,
  filterAsOf,
  marksSince,
  resolveAsOf,
  rowOfVersion,
  type SinceMark,
} from '../lists/as-of.ts';
import { postingFilter } from '../lists/posting-filter.ts';
import { toLoad } from '../loads/loads-page.ts';
import { withoutMinPosition } from '../read-your-writes.ts';
import { toTruck } from '../trucks/trucks-page.ts';

type Located = TruckDocument | LoadDocument;

/** The compass point of a result as seen from the center, on the map's terms (see compassPoint). */
const directionFrom = (center: GeoPoint, point: GeoPoint): Direction | null => compassPoint(center, point);

/**
 * GET /api/v1/radius-search (SPEC section 7): the organization's trucks, or loads by origin or
 * destination, within `radius` miles of a city the gazetteer knows, nearest first, through the read
 * models' geo index. A posting whose place the map does not know is in no radius.
 */
export async function radiusSearch(
  documents: DocumentStore,
  orgId: string,
  query: RadiusSearchQuery,
  asOf: AsOfMoment | null = null,
) {
  const place = placeOf(query.state, query.city);
  if (!place) throw new InputError('query', { city: [`City not found in ${query.state}`] });
  const center: GeoPoint = { latitude: place.latitude, longitude: place.longitude };
  const trucks = query.searchType === 'trucks';
  const field = trucks ? 'location' : query.around;
  const filter = postingFilter(
    { ...query, search: undefined, orderBy: 'updatedAt', sort: 'desc' },
    orgId,
    'truckName',
  );
  // A load has no availability status (see the loads list): `status` narrows trucks only.
  if (!trucks) delete filter.status;
  const list = trucks ? collections.trucks : collections.loads;
  // As of a moment, the same search runs over the versions in service then.
  const collection = asOf ? (trucks ? collections.truckVersions : collections.loadVersions) : list;
  const near: NearQuery = {
    field,
    center,
    maxMiles: query.radius,
    filter: asOf ? filterAsOf(filter, asOf.at, null) : filter,
  };

  // The compass point is the result's as seen from this search's city: the store keeps only the
  // points in the wanted sectors.
  const wanted = query.direction ? new Set<string>(query.direction) : null;
  const { totalCount, matches: page } = await documents.findNear<Located>(collection, {
    ...near,
    skip: query.page * query.limit,
    limit: query.limit,
    ...(wanted ? { acceptPoint: (point: GeoPoint) => wanted.has(directionFrom(center, point) ?? '') } : {}),
  });

  const versions = asOf
    ? (page.map((match) => match.document) as unknown as (Document & VersionFields)[])
    : [];
  const marks = asOf ? await marksSince(documents, list, versions) : null;
  const rowOf = (document: Located) => {
    if (!marks) return document;
    const version = document as unknown as Located & VersionFields;
    return { ...rowOfVersion<Located>(version), since: marks.get(version.rowId) ?? 'unchanged' };
  };

  return {
    success: true as const,
    totalCount,
    ...(asOf ? { asOf: { at: asOf.at, position: asOf.position } } : {}),
    limit: query.limit,
    page: query.page,
    totalPages: Math.ceil(totalCount / query.limit),
    center: { city: place.name, state: place.state, ...center },
    data: page.map((match) => {
      const location = pointOfMatch(match, field) as GeoPoint;
      const placement = {
        distance: roundMiles(match.miles),
        direction: directionFrom(center, location),
        location,
      };
      const row = rowOf(match.document);
      const since = 'since' in row ? { since: row.since as SinceMark } : {};
      return trucks
        ? { truck: { ...toTruck(row as TruckDocument), ...since }, ...placement }
        : { load: { ...toLoad(row as LoadDocument), ...since }, ...placement };
    }),
  };
}

function pointOfMatch(match: NearMatch<Located>, field: string): GeoPoint | null {
  const value = (match.document as unknown as Record<string, unknown>)[field];
  return (value as GeoPoint | null | undefined) ?? null;
}

export function radiusQueries(options: {
  documents: DocumentStore;
  auth: AuthService;
  eventStore: EventStore;
  cache: AnswerCache;
}): FastifyPluginAsync {
  const { documents, auth, eventStore, cache } = options;
  return async (app) => {
    app.get('/api/v1/radius-search', answers({ 200: radiusSearchAnswerSchema }), async (request) => {
      const { orgId } = await requireOrganization(auth, request);
      const query = parseInput(radiusSearchQuerySchema, withoutMinPosition(request.query), 'query');
      if (query.asOf) return radiusSearch(documents, orgId, query, await resolveAsOf(eventStore, query.asOf));
      // Nothing in a search's answer depends on the day: the key is the organization and the query.
      return cache.answer(listAnswerKey('radius-search', orgId, '', query), () =>
        radiusSearch(documents, orgId, query, null),
      );
    });
  };
}
