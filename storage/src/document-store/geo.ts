import { EARTH_RADIUS_MILES, greatCircleMiles } from '@dispatch/domain';
import type { GeoPoint } from './port.ts';

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
