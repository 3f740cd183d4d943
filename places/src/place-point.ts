import type { GeoPoint, PlaceLocator } from '@dispatch/domain';
import { placeOf } from './gazetteer.ts';

/** Points already looked up, by state and city as written: postings name the same places again and again. */
const seen = new Map<string, GeoPoint | null>();
const SEEN_MAX = 100_000;

/**
 * Where the map puts a posting's city: the gazetteer's point for it, or null when the gazetteer does
 * not know the place (the API takes any city text, and old events must still project): such a
 * posting is "not on the map", in no radius and of no direction. Remembered per spelling, since a
 * rebuild asks for the same few thousand places millions of times.
 */
export const pointOfPlace: PlaceLocator = (state, city): GeoPoint | null => {
  const key = `${state}\u0000${city}`;
  const known = seen.get(key);
  if (known !== undefined) return known;
  const place = placeOf(state, city);
  const point = place && { latitude: place.latitude, longitude: place.longitude };
  if (seen.size >= SEEN_MAX) seen.clear();
  seen.set(key, point);
  return point;
};
