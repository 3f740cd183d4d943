import { describe, expect, it } from 'vitest';
import { placeOf } from './gazetteer.ts';
import { deadheadMiles, estimatedRoadMiles, ROAD_FACTOR, tripMiles } from './miles.ts';

/** The haversine distance in statute miles, written out here apart from the product's own. */
function haversineMiles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const toRadians = (degrees: number) => (degrees / 180) * Math.PI;
  const φ1 = toRadians(a.latitude);
  const φ2 = toRadians(b.latitude);
  const Δφ = φ2 - φ1;
  const Δλ = toRadians(b.longitude - a.longitude);
  const h = Math.sin(Δφ / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(Δλ / 2) ** 2;
  return 2 * 3958.8 * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}

const place = (state: string, city: string) => {
  const found = placeOf(state, city);
  if (!found) throw new Error(`${city}, ${state} is not in the gazetteer`);
  return found;
};

describe('trip miles', () => {
  it('are the great-circle miles between the two cities times the road factor of about 1.2', () => {
    expect(ROAD_FACTOR).toBe(1.2);
    const lanes: [[string, string], [string, string], number][] = [
      // Each lane's great-circle miles between the city centres, as published atlases give them.
      [['IL', 'Chicago'], ['TX', 'Dallas'], 803],
      [['CA', 'Los Angeles'], ['NY', 'New York'], 2445],
      [['IA', 'Des Moines'], ['NE', 'Omaha'], 124],
      [['GA', 'Atlanta'], ['FL', 'Miami'], 604],
    ];
    for (const [[originState, originCity], [destinationState, destinationCity], atlas] of lanes) {
      const from = place(originState, originCity);
      const to = place(destinationState, destinationCity);
      const straight = haversineMiles(from, to);
      // The gazetteer's points are the cities' own: the straight line is the atlas's, within a few miles.
      expect(Math.abs(straight - atlas), `${originCity}–${destinationCity}`).toBeLessThan(atlas * 0.02 + 3);
      const miles = tripMiles(
        { state: originState, city: originCity },
        { state: destinationState, city: destinationCity },
      );
      expect(miles, `${originCity}–${destinationCity}`).toBe(Math.round(straight * 1.2));
      expect(estimatedRoadMiles(from, to)).toBe(miles);
    }
  });

  it('are the same both ways, and none for a place the map does not know', () => {
    const chicago = { state: 'IL', city: 'Chicago' };
    const dallas = { state: 'TX', city: 'Dallas' };
    expect(tripMiles(chicago, dallas)).toBe(tripMiles(dallas, chicago));
    expect(tripMiles(chicago, { state: 'TX', city: 'Nowhere Junction' })).toBeNull();
    expect(tripMiles({ state: 'ZZ', city: 'Chicago' }, dallas)).toBeNull();
    expect(tripMiles(chicago, chicago)).toBe(0);
  });
});

describe('deadhead miles', () => {
  it('are the straight-line miles from the truck city to the load origin, to a tenth, without the road factor', () => {
    const truck = { truckState: 'IN', truckCity: 'Gary' };
    const load = { originState: 'IL', originCity: 'Chicago' };
    const straight = haversineMiles(place('IN', 'Gary'), place('IL', 'Chicago'));
    expect(straight).toBeGreaterThan(20);
    expect(straight).toBeLessThan(35);
    expect(deadheadMiles(truck, load)).toBe(Math.round(straight * 10) / 10);
    expect(deadheadMiles({ truckState: 'IN', truckCity: 'Atlantis' }, load)).toBeNull();
    expect(deadheadMiles(truck, { originState: 'IL', originCity: '' })).toBeNull();
  });
});
