import type { Load, Truck } from '@dispatch/domain';
import { describe, expect, it } from 'vitest';
import {
  countBySector,
  formatMiles,
  type LoadResult,
  matchTrucksToLoads,
  nearestFirst,
  type TruckResult,
} from './radius-results';

const chicago = { latitude: 41.8781, longitude: -87.6298 };
const peoria = { latitude: 40.6936, longitude: -89.589 };
const springfield = { latitude: 39.7817, longitude: -89.6501 };
const milwaukee = { latitude: 43.0389, longitude: -87.9065 };

const truck = (
  id: number,
  trailerType: Truck['trailerType'],
  location: typeof chicago,
  status = true,
  availabilityDate = '2026-12-01T00:00:00.000Z',
): TruckResult => ({
  truck: { id, trailerType, status, truckName: `T${id}`, availabilityDate } as Truck,
  distance: 0,
  direction: null,
  location,
});
const load = (
  id: number,
  trailerType: Load['trailerType'],
  location: typeof chicago,
  distance = 0,
): LoadResult => ({
  load: { id, trailerType, availabilityDate: '2026-12-03T00:00:00.000Z' } as Load,
  distance,
  direction: null,
  location,
});

describe('matches', () => {
  it('lists, for each load, the nearest available trucks with its trailer type and the miles between them', () => {
    const loads = [load(1, 'FLATBED', peoria, 130), load(2, 'HIGH_SIDED_HOPPER', chicago, 0)];
    const trucks = [
      truck(10, 'FLATBED', chicago),
      truck(11, 'FLATBED', springfield),
      truck(12, 'FLATBED', peoria, false), // not available
      truck(13, 'LOW_SIDED_HOPPER', peoria), // another trailer
      truck(14, 'HIGH_SIDED_HOPPER', milwaukee),
    ];
    const matches = matchTrucksToLoads(loads, trucks);
    expect(matches.map((match) => match.load.id)).toEqual([1, 2]);
    expect(matches[0]?.trucks.map((candidate) => [candidate.truck.id, candidate.miles])).toEqual([
      [11, 63.1],
      [10, 130.6],
    ]);
    expect(matches[1]?.trucks.map((candidate) => [candidate.truck.id, candidate.miles])).toEqual([
      [14, 81.4],
    ]);
  });

  it('keeps at most three trucks a load, ties to the lower id, and a load no truck fits with none', () => {
    const trucks = [5, 4, 3, 2, 1].map((id) => truck(id, 'FLATBED', chicago));
    const [flatbed, hopper] = matchTrucksToLoads(
      [load(1, 'FLATBED', peoria), load(2, 'LOW_SIDED_HOPPER', peoria)],
      trucks,
    );
    expect(flatbed?.trucks.map((candidate) => candidate.truck.id)).toEqual([1, 2, 3]);
    expect(hopper?.trucks).toEqual([]);
    expect(matchTrucksToLoads([load(1, 'FLATBED', chicago)], trucks, 1)[0]?.trucks).toHaveLength(1);
    expect(matchTrucksToLoads([], trucks)).toEqual([]);
  });

  it("follows the API's matching rule: a truck free only after the load's date is out, the nearest date first at one distance", () => {
    const [flatbed] = matchTrucksToLoads(
      [load(1, 'FLATBED', chicago)],
      [
        truck(1, 'FLATBED', chicago, true, '2026-12-04T00:00:00.000Z'),
        truck(2, 'FLATBED', chicago, true, '2026-11-20T00:00:00.000Z'),
        truck(3, 'FLATBED', chicago, true, '2026-12-03T00:00:00.000Z'),
      ],
    );
    expect(flatbed?.trucks.map((candidate) => candidate.truck.id)).toEqual([3, 2]);
  });

  it('measures zero miles for a truck at the load', () => {
    expect(
      matchTrucksToLoads([load(1, 'FLATBED', chicago)], [truck(1, 'FLATBED', chicago)])[0]?.trucks[0]?.miles,
    ).toBe(0);
  });
});

describe('sectors and the combined list', () => {
  it('counts trucks and loads by compass point, and those at the city itself', () => {
    const counts = countBySector([
      { ...truck(1, 'FLATBED', peoria), direction: 'SOUTH_WEST' },
      { ...truck(2, 'FLATBED', peoria), direction: 'SOUTH_WEST' },
      { ...load(3, 'FLATBED', milwaukee), direction: 'NORTH' },
      load(4, 'FLATBED', chicago),
    ]);
    expect(counts.SOUTH_WEST).toEqual({ trucks: 2, loads: 0 });
    expect(counts.NORTH).toEqual({ trucks: 0, loads: 1 });
    expect(counts.CENTER).toEqual({ trucks: 0, loads: 1 });
    expect(counts.EAST).toEqual({ trucks: 0, loads: 0 });
  });

  it('merges both kinds nearest first, trucks first at one distance', () => {
    const rows = nearestFirst(
      [
        { ...truck(1, 'FLATBED', peoria), distance: 130 },
        { ...truck(2, 'FLATBED', chicago), distance: 5 },
      ],
      [
        { ...load(1, 'FLATBED', chicago), distance: 5 },
        { ...load(2, 'FLATBED', chicago), distance: 1 },
      ],
    );
    expect(rows.map((row) => ('truck' in row ? `t${row.truck.id}` : `l${row.load.id}`))).toEqual([
      'l2',
      't2',
      'l1',
      't1',
    ]);
  });

  it('writes miles to a tenth', () => {
    expect(formatMiles(12.5)).toBe('12.5 mi');
    expect(formatMiles(1200)).toBe('1,200 mi');
    expect(formatMiles(0)).toBe('0 mi');
  });
});
