import type { GeoPoint, PlaceLocator } from '@dispatch/domain';
import { placeOf } from './gazetteer.ts';

/**
 * Where the map puts a posting's city: the gazetteer's point for it, or null when the gazetteer does
 * not know the place (the API takes any city text, and old events must still project): such a
 * posting is "not on the map", in no radius and of no direction.
 */
export const pointOfPlace: PlaceLocator = (state, city): GeoPoint | null => {
  const place = placeOf(state, city);
  return place && { latitude: place.latitude, longitude: place.longitude };
};
