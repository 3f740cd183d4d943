import { type GeoPoint, greatCircleMiles, roundMiles } from '@dispatch/domain';
import { pointOfPlace } from './place-point.ts';

/**
 * How much longer the road is than the great circle between two US places, on average: the
 * circuity factor of the United States road network, about 1.2 in the published studies
 * (docs/decisions.md#trip-miles-rate-per-mile-and-margin).
 */
export const ROAD_FACTOR = 1.2;

/** The road miles between two points, estimated: great-circle miles times ROAD_FACTOR, to the whole mile. */
export function estimatedRoadMiles(a: GeoPoint, b: GeoPoint): number {
  return Math.round(greatCircleMiles(a, b) * ROAD_FACTOR);
}

/** A posting's place: its state and city, as written on it. */
export interface PlaceName {
  state: string;
  city: string;
}

/**
 * A load's trip miles: the estimated road miles from its origin city to its destination city, or
 * null when the map does not know either one (the board shows "—").
 */
export function tripMiles(origin: PlaceName, destination: PlaceName): number | null {
  const from = pointOfPlace(origin.state, origin.city);
  const to = pointOfPlace(destination.state, destination.city);
  return from && to ? estimatedRoadMiles(from, to) : null;
}

/**
 * Deadhead miles: how far a truck runs empty from its city to a load's origin, as the crow flies
 * (shown as "deadhead, straight line"), rounded to a tenth of a mile as the radius search answers
 * its distances. Null when the map does not know either place.
 */
export function deadheadMiles(
  truck: { truckState: string; truckCity: string },
  load: { originState: string; originCity: string },
): number | null {
  const from = pointOfPlace(truck.truckState, truck.truckCity);
  const to = pointOfPlace(load.originState, load.originCity);
  return from && to ? deadheadMilesBetween(from, to) : null;
}

/** Deadhead miles between points already found: the truck's and the load's origin (see deadheadMiles). */
export const deadheadMilesBetween = (truck: GeoPoint, loadOrigin: GeoPoint): number =>
  roundMiles(greatCircleMiles(truck, loadOrigin));
