import type { Load, Truck } from '@dispatch/domain';
import { pointOfPlace } from '@dispatch/places';

/**
 * A posting as the API answers it: with whether the map knows its places (the gazetteer's answer, as
 * the projector records it for the lists). A city the map does not know is accepted but in no radius
 * search: the answer says so, and the boards mark it "Not on the map".
 */
export const truckWithPlace = (truck: Truck) => ({
  ...truck,
  onMap: pointOfPlace(truck.truckState, truck.truckCity) !== null,
});

export const loadWithPlaces = (load: Load) => ({
  ...load,
  originOnMap: pointOfPlace(load.originState, load.originCity) !== null,
  destinationOnMap: pointOfPlace(load.destinationState, load.destinationCity) !== null,
});
