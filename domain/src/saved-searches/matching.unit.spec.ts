import { describe, expect, it } from 'vitest';
import {
  compileSearch,
  knownCityLocation,
  type PostingFacts,
  parseSearchParams,
  type SavedSearchKind,
} from '../index.ts';

const compiled = (kind: SavedSearchKind, params: Record<string, unknown>) => {
  const parsed = parseSearchParams(kind, params);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.issues));
  const search = compileSearch(parsed.query, knownCityLocation);
  if (!search) throw new Error('no search');
  return search;
};

const chicago = { latitude: 41.8781, longitude: -87.6298 };
const milwaukee = { latitude: 43.0389, longitude: -87.9065 };
const dallas = { latitude: 32.7767, longitude: -96.797 };

const truck = (changes: Partial<PostingFacts> = {}): PostingFacts => ({
  status: true,
  trailerType: 'FLATBED',
  direction: 'NORTH',
  createdBy: 'user-2',
  truckName: 'Blue Pete',
  unitNumber: 'U-1207',
  searchText: 'blue pete u-1207 milwaukee, wi wisconsin',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  availabilityDate: '2026-11-21T00:00:00.000Z',
  location: milwaukee,
  ...changes,
});
const load = (changes: Partial<PostingFacts> = {}): PostingFacts => ({
  trailerType: 'LOW_SIDED_HOPPER',
  direction: 'SOUTH_WEST',
  product: 'HEAVY',
  createdBy: 'user-2',
  searchText: 'acme grain chicago dallas',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  availabilityDate: '2026-11-21T00:00:00.000Z',
  origin: chicago,
  destination: dallas,
  ...changes,
});

describe('a standing search compiled into a predicate', () => {
  it("matches a truck as the trucks list's filters would", () => {
    const search = compiled('trucks', {
      status: 'true',
      trailerType: 'FLATBED',
      direction: 'NORTH,NORTH_EAST',
      search: 'PETE',
      unitNumber: '120',
      startDate: '2026-11-21',
      dateField: 'availableDate',
    });
    expect(search.postingKind).toBe('trucks');
    expect(search.matches(truck())).toBe(true);
    expect(search.matches(truck({ status: false }))).toBe(false);
    expect(search.matches(truck({ trailerType: 'LOW_SIDED_HOPPER' }))).toBe(false);
    expect(search.matches(truck({ direction: null }))).toBe(false);
    expect(search.matches(truck({ searchText: 'red' }))).toBe(false);
    expect(search.matches(truck({ unitNumber: null }))).toBe(false);
    expect(search.matches(truck({ availabilityDate: '2026-11-20T00:00:00.000Z' }))).toBe(false);
    expect(search.milesTo(truck())).toBeNull();
  });

  it('reads date operations as the lists do: eq is the 24 hours from the start, endDate is inclusive', () => {
    const day = compiled('trucks', { startDate: '2026-11-20', dateOperation: 'eq' });
    expect(day.matches(truck())).toBe(true);
    expect(day.matches(truck({ createdAt: '2026-11-21T00:00:00.000Z' }))).toBe(false);
    const until = compiled('trucks', { endDate: '2026-11-20T10:00:00Z', dateField: 'updatedAt' });
    expect(until.matches(truck())).toBe(true);
    expect(until.matches(truck({ updatedAt: '2026-11-20T10:00:00.001Z' }))).toBe(false);
  });

  it("matches a load by product and by its customer or cities, and ignores a truck's status", () => {
    const search = compiled('loads', { product: 'HEAVY', search: 'Grain', status: 'false' });
    expect(search.postingKind).toBe('loads');
    expect(search.matches(load())).toBe(true);
    expect(search.matches(load({ product: 'LIGHT' }))).toBe(false);
    expect(search.matches(load({ searchText: 'acme chicago dallas' }))).toBe(false);
  });

  it('matches by great-circle miles from the city, and by the compass point seen from it', () => {
    const near = compiled('radius', { state: 'IL', city: 'Chicago', radius: '100' });
    expect(near.matches(truck())).toBe(true);
    expect(near.milesTo(truck())).toBeGreaterThan(78);
    expect(near.milesTo(truck())).toBeLessThan(85);
    expect(compiled('radius', { state: 'IL', city: 'Chicago', radius: '75' }).matches(truck())).toBe(false);
    expect(near.matches(truck({ location: null }))).toBe(false);
    expect(
      compiled('radius', { state: 'IL', city: 'Chicago', radius: '100', direction: 'NORTH' }).matches(
        truck(),
      ),
    ).toBe(true);
    expect(
      compiled('radius', { state: 'IL', city: 'Chicago', radius: '100', direction: 'SOUTH' }).matches(
        truck(),
      ),
    ).toBe(false);
  });

  it('measures a load from its origin, or from its destination for a backhaul', () => {
    const byOrigin = compiled('radius', { state: 'TX', city: 'Dallas', radius: '50', searchType: 'loads' });
    const backhaul = {
      state: 'TX',
      city: 'Dallas',
      radius: '50',
      searchType: 'loads',
      around: 'destination',
    };
    expect(byOrigin.postingKind).toBe('loads');
    expect(byOrigin.matches(load())).toBe(false);
    expect(compiled('radius', backhaul).matches(load())).toBe(true);
  });

  it('cannot match around a place the map does not know', () => {
    const parsed = parseSearchParams('radius', { state: 'IL', city: 'Nowhere Special', radius: '10' });
    expect(parsed.success && compileSearch(parsed.query, knownCityLocation)).toBeNull();
  });
});

describe('a standing lane search', () => {
  const houston = { latitude: 29.7604, longitude: -95.3698 };
  it('matches a load leaving near the origin for near the destination, and a truck heading there', () => {
    const loads = compiled('lane', {
      searchType: 'loads',
      originState: 'WI',
      originCity: 'Milwaukee',
      originRadius: '100',
      destinationState: 'TX',
      destinationCity: 'Dallas',
      destinationRadius: '50',
    });
    expect(loads.postingKind).toBe('loads');
    expect(loads.matches(load())).toBe(true);
    expect(loads.milesTo(load())).toBeCloseTo(81.4, 1);
    expect(loads.matches(load({ destination: houston }))).toBe(false);
    expect(loads.matches(load({ origin: dallas }))).toBe(false);
    expect(loads.matches(load({ destination: null }))).toBe(false);
    const trucks = compiled('lane', {
      originState: 'WI',
      originCity: 'Milwaukee',
      destinationState: 'TX',
      destinationCity: 'Dallas',
      trailerType: 'FLATBED',
    });
    expect(trucks.matches(truck({ destination: dallas }))).toBe(true);
    // A truck that names no preferred destination has not said it goes there.
    expect(trucks.matches(truck({ destination: null }))).toBe(false);
    expect(trucks.matches(truck({ destination: dallas, trailerType: 'LOW_SIDED_HOPPER' }))).toBe(false);
  });

  it('goes anywhere without a destination, and keeps the lane search parameters only', () => {
    const anywhere = compiled('lane', { originState: 'IL', originCity: 'Chicago', originRadius: '100' });
    expect(anywhere.matches(truck({ destination: null }))).toBe(true);
    expect(anywhere.matches(truck({ location: dallas }))).toBe(false);
    expect(
      parseSearchParams('lane', { originState: 'IL', originCity: 'Chicago', originRadius: '501' }).success,
    ).toBe(false);
    expect(parseSearchParams('lane', { originState: 'IL', originCity: 'Chicago', state: 'IL' }).success).toBe(
      false,
    );
  });
});
