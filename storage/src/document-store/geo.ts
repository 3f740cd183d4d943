import { EARTH_RADIUS_MILES, greatCircleMiles } from '@dispatch/domain';
import type { GeoPoint } from './port.ts';

export { EARTH_RADIUS_MILES, greatCircleMiles };

/** Miles along a meridian per degree of latitude. */
const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;

export interface Box {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/**
 * The latitude/longitude boxes that hold every point within `miles` of `center` (more than that, never
 * less): one box, or two where the circle crosses the 180th meridian (the Aleutians). Stores narrow
 * a near query to these boxes through an index, then measure the exact distance.
 */
export function boxesAround(center: GeoPoint, miles: number): Box[] {
  const latitudeSpan = miles / MILES_PER_DEGREE;
  const minLatitude = Math.max(-90, center.latitude - latitudeSpan);
  const maxLatitude = Math.min(90, center.latitude + latitudeSpan);
  // The widest longitude span is at the box's latitude farthest from the equator.
  const farthest = Math.max(Math.abs(minLatitude), Math.abs(maxLatitude));
  const longitudeSpan =
    farthest >= 89.9 ? 180 : Math.min(180, latitudeSpan / Math.cos((farthest * Math.PI) / 180));
  if (longitudeSpan >= 180) return [{ minLatitude, maxLatitude, minLongitude: -180, maxLongitude: 180 }];
  const west = center.longitude - longitudeSpan;
  const east = center.longitude + longitudeSpan;
  const boxes: Box[] = [
    { minLatitude, maxLatitude, minLongitude: Math.max(-180, west), maxLongitude: Math.min(180, east) },
  ];
  if (west < -180) boxes.push({ minLatitude, maxLatitude, minLongitude: west + 360, maxLongitude: 180 });
  if (east > 180) boxes.push({ minLatitude, maxLatitude, minLongitude: -180, maxLongitude: east - 360 });
  return boxes;
}

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
