export * from './gazetteer.ts';
export {
  deadheadMiles,
  deadheadMilesBetween,
  estimatedRoadMiles,
  ROAD_FACTOR,
  tripMiles,
} from './miles.ts';
export { pointOfPlace } from './place-point.ts';
