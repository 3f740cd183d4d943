import type { LaneSearchParams } from '../lanes/schemas.ts';
import type { PlaceLocator } from '../loads/direction.ts';
import { compassPoint } from '../loads/direction.ts';
import { EARTH_RADIUS_MILES, type GeoPoint, greatCircleMiles } from '../shared/geo.ts';
import { dateCondition } from '../shared/list-query.ts';
import type { SavedSearchQuery } from './schemas.ts';

/**
 * A standing search compiled into a predicate over a posting as the read models keep it (the trucks
 * and loads lists' documents), with the same meaning as the list or radius query the search would
 * send: what a saved search would list is what it alerts on.
 */

/** What a predicate reads of a truck or load document. */
export interface PostingFacts {
  status?: boolean;
  trailerType: string;
  direction: string | null;
  product?: string;
  createdBy: string;
  truckName?: string;
  unitNumber?: string | null;
  /** What the list's `search` matches, lowercased (truckSearchText, loadSearchText). */
  searchText?: string;
  createdAt: string;
  updatedAt: string;
  availabilityDate: string;
  /** Where the map puts a truck, and a load's ends; null for a place the map does not know. */
  location?: GeoPoint | null;
  origin?: GeoPoint | null;
  destination?: GeoPoint | null;
}

export type PostingKindOfSearch = 'trucks' | 'loads';

export interface CompiledSearch {
  /** The postings the search is about. */
  postingKind: PostingKindOfSearch;
  matches(posting: PostingFacts): boolean;
  /** A radius search's great-circle miles to the posting's point; null for a board's search. */
  milesTo(posting: PostingFacts): number | null;
}

type Check = (posting: PostingFacts) => boolean;

/** `contains` of the stores: a case-insensitive substring. */
const containsCheck =
  (needle: string, read: (posting: PostingFacts) => string | null | undefined): Check =>
  (posting) => {
    const value = read(posting);
    return typeof value === 'string' && value.toLowerCase().includes(needle);
  };

const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;

/** The checks of a list query's filters shared by boards and radius: dates, trailer type, creator. */
function commonChecks(params: {
  trailerType?: string[];
  createdBy?: string;
  startDate?: string;
  endDate?: string;
  dateOperation?: 'gt' | 'gte' | 'lt' | 'lte' | 'eq';
  dateField?: 'createdAt' | 'updatedAt' | 'availableDate';
}): Check[] {
  const checks: Check[] = [];
  if (params.trailerType?.length) {
    const wanted = new Set<string>(params.trailerType);
    checks.push((posting) => wanted.has(posting.trailerType));
  }
  if (params.createdBy) {
    const creator = params.createdBy;
    checks.push((posting) => posting.createdBy === creator);
  }
  const dates = dateCondition(params);
  if (dates) {
    const field = dates.field;
    const { gt, gte, lt, lte } = dates.range;
    // ISO 8601 instants as the API writes them (toISOString) compare as text.
    checks.push((posting) => {
      const value = posting[field];
      if (typeof value !== 'string') return false;
      return (
        (gt === undefined || value > gt) &&
        (gte === undefined || value >= gte) &&
        (lt === undefined || value < lt) &&
        (lte === undefined || value <= lte)
      );
    });
  }
  return checks;
}

const allOf =
  (checks: Check[]): Check =>
  (posting) => {
    for (const check of checks) if (!check(posting)) return false;
    return true;
  };

/**
 * Compiles a saved search. A radius search around a place the gazetteer (`locate`) does not know
 * can match nothing: null.
 */
export function compileSearch(query: SavedSearchQuery, locate: PlaceLocator): CompiledSearch | null {
  if (query.kind === 'trucks' || query.kind === 'loads') {
    const params = query.params;
    const checks = commonChecks(params);
    if (params.direction?.length) {
      const wanted = new Set<string>(params.direction);
      checks.push((posting) => posting.direction !== null && wanted.has(posting.direction));
    }
    if (query.kind === 'trucks') {
      // A truck has an availability status; a load has none (the loads list takes it and filters nothing).
      if (query.params.status) {
        const status = query.params.status === 'true';
        checks.push((posting) => posting.status === status);
      }
      if (params.search) checks.push(containsCheck(params.search.toLowerCase(), (p) => p.searchText));
      if (params.unitNumber) checks.push(containsCheck(params.unitNumber.toLowerCase(), (p) => p.unitNumber));
    } else {
      const products = query.params.product;
      if (products?.length) {
        const wanted = new Set<string>(products);
        checks.push((posting) => posting.product !== undefined && wanted.has(posting.product));
      }
      if (params.search) checks.push(containsCheck(params.search.toLowerCase(), (p) => p.searchText));
    }
    return { postingKind: query.kind, matches: allOf(checks), milesTo: () => null };
  }

  if (query.kind === 'lane') return compileLane(query.params, locate);
  const params = query.params;
  const place = locate(params.state, params.city);
  if (!place) return null;
  const center: GeoPoint = { latitude: place.latitude, longitude: place.longitude };
  const trucks = params.searchType === 'trucks';
  const pointOf = (posting: PostingFacts): GeoPoint | null | undefined =>
    trucks ? posting.location : params.around === 'destination' ? posting.destination : posting.origin;
  const checks = commonChecks(params);
  if (trucks && params.status) {
    const status = params.status === 'true';
    checks.push((posting) => posting.status === status);
  }
  const radius = params.radius;
  // A point more than the radius north or south of the city is out whatever its longitude.
  const latitudeSpan = radius / MILES_PER_DEGREE;
  checks.push((posting) => {
    const point = pointOf(posting);
    return (
      !!point &&
      Math.abs(point.latitude - center.latitude) <= latitudeSpan &&
      greatCircleMiles(center, point) <= radius
    );
  });
  // The compass point is the posting's as seen from the city (the radius search's own filter).
  if (params.direction?.length) {
    const wanted = new Set<string>(params.direction);
    checks.push((posting) => {
      const point = pointOf(posting);
      const direction = point ? compassPoint(center, point) : null;
      return direction !== null && wanted.has(direction);
    });
  }
  return {
    postingKind: trucks ? 'trucks' : 'loads',
    matches: allOf(checks),
    milesTo: (posting) => {
      const point = pointOf(posting);
      return point ? greatCircleMiles(center, point) : null;
    },
  };
}

/** Whether a point lies within `radius` miles of `center` (a null point is in no radius). */
const within = (center: GeoPoint, radius: number) => {
  // A point more than the radius north or south of the city is out whatever its longitude.
  const latitudeSpan = radius / MILES_PER_DEGREE;
  return (point: GeoPoint | null | undefined) =>
    !!point &&
    Math.abs(point.latitude - center.latitude) <= latitudeSpan &&
    greatCircleMiles(center, point) <= radius;
};

/**
 * A lane search (GET /api/v1/lane-search): the posting's origin (a truck's city, a load's origin)
 * within the origin radius, and its destination (a load's, a truck's preferred one) within the
 * destination radius when the search names a destination; a truck without one is then out
 * (docs/decisions.md "Lane search"). A place the gazetteer does not know matches nothing: null.
 */
function compileLane(params: LaneSearchParams, locate: PlaceLocator): CompiledSearch | null {
  const origin = locate(params.originState, params.originCity);
  if (!origin) return null;
  const destination =
    params.destinationState && params.destinationCity
      ? locate(params.destinationState, params.destinationCity)
      : undefined;
  if (destination === null) return null;
  const trucks = params.searchType === 'trucks';
  const originOf = (posting: PostingFacts) => (trucks ? posting.location : posting.origin);
  const checks = commonChecks(params);
  if (trucks && params.status) {
    const status = params.status === 'true';
    checks.push((posting) => posting.status === status);
  }
  if (params.direction?.length) {
    const wanted = new Set<string>(params.direction);
    checks.push((posting) => posting.direction !== null && wanted.has(posting.direction));
  }
  const center: GeoPoint = { latitude: origin.latitude, longitude: origin.longitude };
  const nearOrigin = within(center, params.originRadius);
  checks.push((posting) => nearOrigin(originOf(posting)));
  if (destination) {
    const nearDestination = within(destination, params.destinationRadius);
    checks.push((posting) => nearDestination(posting.destination));
  }
  return {
    postingKind: trucks ? 'trucks' : 'loads',
    matches: allOf(checks),
    milesTo: (posting) => {
      const point = originOf(posting);
      return point ? greatCircleMiles(center, point) : null;
    },
  };
}
