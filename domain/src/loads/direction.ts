import { type Direction, directions } from '../shared/enums.ts';
import type { GeoPoint } from '../shared/geo.ts';
import { usCities } from '../us-cities.ts';
import type { Load } from './schemas.ts';

/** Where a load runs: the fields its direction is worked out from. */
export type LoadRoute = Pick<Load, 'originState' | 'originCity' | 'destinationState' | 'destinationCity'>;

/** Finds the point of a place by its state and city name; undefined or null when unknown. */
export type PlaceLocator = (state: string, city: string) => GeoPoint | null | undefined;

const cityKey = (state: string, city: string) => `${state.trim().toUpperCase()}|${city.trim().toLowerCase()}`;
const knownCities = new Map<string, GeoPoint>(
  usCities.map((entry) => [cityKey(entry.state, entry.city), { latitude: entry.lat, longitude: entry.lng }]),
);

/** The cities of us-cities.ts, by state and name (any case, surrounding spaces ignored). */
export const knownCityLocation: PlaceLocator = (state, city) => knownCities.get(cityKey(state, city));

const DEGREES = Math.PI / 180;
const mercatorY = (latitude: number) => Math.log(Math.tan(Math.PI / 4 + (latitude * DEGREES) / 2));

/**
 * The compass point (one of the eight of `directions`) one heads to from `from` to reach `to` on a
 * constant course, as the two places lie on a map (the rhumb line, rather than a great circle's
 * initial bearing, which bends long east-west lanes towards the pole). Each point covers the 45°
 * around it: NORTH from 337.5° to 22.5°. Null for one place.
 */
export function compassPoint(from: GeoPoint, to: GeoPoint): Direction | null {
  if (from.latitude === to.latitude && from.longitude === to.longitude) return null;
  const north = mercatorY(to.latitude) - mercatorY(from.latitude);
  const east = (to.longitude - from.longitude) * DEGREES;
  const bearing = (Math.atan2(east, north) / DEGREES + 360) % 360;
  return directions[Math.round(bearing / 45) % directions.length] ?? null;
}

/**
 * The direction a load runs in: the compass point from its origin city to its destination city,
 * both found with `locate` (by default the cities us-cities.ts knows the coordinates of). Null when
 * either place is unknown or both are the same: such a load matches no direction filter, as a truck
 * without a direction.
 */
export function loadDirection(route: LoadRoute, locate: PlaceLocator = knownCityLocation): Direction | null {
  const origin = locate(route.originState, route.originCity);
  const destination = locate(route.destinationState, route.destinationCity);
  return origin && destination ? compassPoint(origin, destination) : null;
}
