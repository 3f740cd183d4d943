import { EARTH_RADIUS_MILES, greatCircleMiles } from '@dispatch/domain';
import type { GeoPoint, NearQuery } from './port.ts';

export { EARTH_RADIUS_MILES, greatCircleMiles };

/** Miles along a meridian per degree of latitude. */
const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;

/** Reads a point field's value; null unless it is a pair of finite coordinates. */
export function pointOf(value: unknown): GeoPoint | null {
  if (typeof value !== 'object' || value === null) return null;
  const { latitude, longitude } = value as Record<string, unknown>;
  return typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude)
    ? { latitude, longitude }
    : null;
}

/** Nearest first; ties broken by id ascending, as every sorted query of the stores is. */
export const byDistanceThenId = (a: { id: string; miles: number }, b: { id: string; miles: number }) =>
  a.miles - b.miles || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The points at one distance from a near query's center, with how many rows lie there. */
export interface NearBucket {
  miles: number;
  points: GeoPoint[];
  count: number;
}

/**
 * The points within the query's radius (and accepted by its `acceptPoint`), measured exactly and
 * grouped by distance, nearest first: rows at one distance are then read together, ordered by id,
 * as every sorted query of the stores breaks its ties.
 */
export function nearBuckets(
  points: { latitude: number; longitude: number; count: number | bigint }[],
  query: Pick<NearQuery, 'center' | 'maxMiles' | 'acceptPoint'>,
): NearBucket[] {
  const byMiles = new Map<number, NearBucket>();
  for (const { latitude, longitude, count } of points) {
    const point = { latitude, longitude };
    const miles = greatCircleMiles(query.center, point);
    if (miles > query.maxMiles || (query.acceptPoint && !query.acceptPoint(point))) continue;
    const bucket = byMiles.get(miles) ?? { miles, points: [], count: 0 };
    bucket.points.push(point);
    bucket.count += Number(count);
    byMiles.set(miles, bucket);
  }
  return [...byMiles.values()].sort((a, b) => a.miles - b.miles);
}

/**
 * The longitude ranges, at one latitude, of the points within `miles` of `center` (none when the
 * latitude is outside the circle): the chord of the circle there, a hair wider for rounding, split
 * where it crosses the 180th meridian. A store reads each latitude's range straight from an index.
 */
export function longitudeSpans(center: GeoPoint, miles: number, latitude: number): [number, number][] {
  const rad = Math.PI / 180;
  const h = Math.sin(miles / EARTH_RADIUS_MILES / 2) ** 2;
  const a = Math.sin(((latitude - center.latitude) * rad) / 2) ** 2;
  if (a > h) return [];
  const cosines = Math.cos(center.latitude * rad) * Math.cos(latitude * rad);
  const ratio = cosines <= 0 ? 1 : (h - a) / cosines;
  const half = ratio >= 1 ? 180 : (2 * Math.asin(Math.sqrt(ratio))) / rad + 1e-9;
  if (half >= 180) return [[-180, 180]];
  const west = center.longitude - half;
  const east = center.longitude + half;
  const spans: [number, number][] = [[Math.max(-180, west), Math.min(180, east)]];
  if (west < -180) spans.push([west + 360, 180]);
  if (east > 180) spans.push([-180, east - 360]);
  return spans;
}

/** The southmost and northmost latitudes of the points within `miles` of `center`. */
export function latitudeBounds(center: GeoPoint, miles: number): [number, number] {
  const span = miles / MILES_PER_DEGREE;
  return [Math.max(-90, center.latitude - span), Math.min(90, center.latitude + span)];
}
