import {
  compareMatches,
  type Direction,
  directions,
  type GeoPoint,
  greatCircleMiles,
  type Load,
  type RadiusSearchAnswer,
  roundMiles,
  type Truck,
  truckFitsLoad,
} from '@dispatch/domain';

/** One result of a radius search: a truck or a load, with where it lies from the chosen city. */
export type RadiusResult = RadiusSearchAnswer['data'][number];
export type TruckResult = Extract<RadiusResult, { truck: unknown }>;
export type LoadResult = Extract<RadiusResult, { load: unknown }>;

export const isTruckResult = (result: RadiusResult): result is TruckResult => 'truck' in result;
export const isLoadResult = (result: RadiusResult): result is LoadResult => 'load' in result;

/** The posting of a result, as the live highlights and the links name it. */
export function postingOf(
  result: RadiusResult,
): { kind: 'trucks'; posting: Truck } | { kind: 'loads'; posting: Load } {
  return isTruckResult(result)
    ? { kind: 'trucks', posting: result.truck }
    : { kind: 'loads', posting: result.load };
}

/** "12.5 mi", as the API rounds it (to a tenth of a mile). */
export function formatMiles(miles: number): string {
  return `${miles.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 1 })} mi`;
}

/** One available truck for a load: the distance from the load's end to the truck, in miles (0.1). */
export interface TruckMatch {
  truck: Truck;
  location: GeoPoint;
  miles: number;
}

export interface LoadMatches {
  load: Load;
  /** Where the load is picked up (its origin), as the search placed it. */
  location: GeoPoint;
  /** The load's distance from the chosen city. */
  distance: number;
  /** The nearest available trucks with the load's trailer type, nearest first. */
  trucks: TruckMatch[];
}

/** How many trucks a load lists at most. */
export const MATCHES_PER_LOAD = 3;

/**
 * "Matches" of the all-around view: for each load of the place, the trucks of the place that fit it
 * by the matching rule of the API's matches (truckFitsLoad: available, the load's trailer type, free
 * on or before its date), best first by the same ranking (compareMatches: the shorter great-circle
 * distance between the load's location and the truck's, then the availability nearest the load's
 * date, then the lower id). The browser knows no preferred destination points, so every truck is
 * taken as going anywhere, and the radius bounds the deadhead. Loads keep the search's order
 * (nearest the city first); a load no truck fits is kept with an empty list, so the dispatcher sees
 * what is left to cover.
 */
export function matchTrucksToLoads(
  loads: readonly LoadResult[],
  trucks: readonly TruckResult[],
  perLoad: number = MATCHES_PER_LOAD,
): LoadMatches[] {
  return loads.map(({ load, location, distance }) => ({
    load,
    location,
    distance,
    trucks: trucks
      .flatMap((result) => {
        const fit = truckFitsLoad(
          result.truck,
          load,
          { deadheadMiles: greatCircleMiles(location, result.location), headingMiles: null },
          Number.POSITIVE_INFINITY,
        );
        return fit ? [{ result, fit: { ...fit, id: result.truck.id } }] : [];
      })
      .sort((a, b) => compareMatches(a.fit, b.fit))
      .slice(0, perLoad)
      .map(({ result, fit }) => ({
        truck: result.truck,
        location: result.location,
        miles: roundMiles(fit.deadheadMiles),
      })),
  }));
}

/** Where a result lies from the city: one of the eight sectors, or the city itself (no direction). */
export type Sector = Direction | 'CENTER';

export interface SectorCount {
  trucks: number;
  loads: number;
}

/** How many trucks and loads lie in each compass sector (and at the city itself). */
export function countBySector(results: readonly RadiusResult[]): Record<Sector, SectorCount> {
  const counts = Object.fromEntries(
    [...directions, 'CENTER'].map((sector) => [sector, { trucks: 0, loads: 0 }]),
  ) as Record<Sector, SectorCount>;
  for (const result of results) {
    const count = counts[result.direction ?? 'CENTER'];
    if (isTruckResult(result)) count.trucks++;
    else count.loads++;
  }
  return counts;
}

/** Trucks and loads in one list, nearest first; trucks before loads at the same distance. */
export function nearestFirst(trucks: readonly TruckResult[], loads: readonly LoadResult[]): RadiusResult[] {
  const rank = (result: RadiusResult) => (isTruckResult(result) ? 0 : 1);
  const id = (result: RadiusResult) => (isTruckResult(result) ? result.truck.id : result.load.id);
  return [...trucks, ...loads].sort((a, b) => a.distance - b.distance || rank(a) - rank(b) || id(a) - id(b));
}
