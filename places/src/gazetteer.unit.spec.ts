import { greatCircleMiles } from '@dispatch/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteer, type Place, placeOf, searchPlaces, usStates } from './gazetteer.ts';

let loaded: { places: number; loadMs: number };
beforeAll(() => {
  loaded = loadGazetteer();
});

const milesFrom = (place: Place | null, latitude: number, longitude: number) =>
  place ? greatCircleMiles(place, { latitude, longitude }) : Number.POSITIVE_INFINITY;

describe('the gazetteer', () => {
  it('loads once, with tens of thousands of places', () => {
    expect(loaded.places).toBeGreaterThan(30_000);
    expect(loaded.loadMs).toBeGreaterThan(0);
    // A second call finds it loaded: same figures, no second build.
    expect(loadGazetteer()).toEqual(loaded);
  });

  it('has places in every one of the 50 states and DC, the largest first', () => {
    expect(usStates).toHaveLength(51);
    for (const { code } of usStates) {
      const places = searchPlaces(code, '', 50);
      expect(places.length, code).toBeGreaterThan(code === 'DC' ? 0 : 40);
      expect(places.every((place) => place.state === code)).toBe(true);
      const populations = places.map((place) => place.population ?? -1);
      expect(populations).toEqual([...populations].sort((a, b) => b - a));
    }
    expect(searchPlaces('DC', 'wash')[0]?.name).toBe('Washington');
    expect(searchPlaces('PR', '')).toEqual([]);
  });

  it('finds the towns of northern Maine, and Laredo', () => {
    for (const town of [
      'Bangor',
      'Presque Isle',
      'Millinocket',
      'Fort Kent',
      'Caribou',
      'Madawaska',
      'Jackman',
    ]) {
      expect(placeOf('ME', town)?.name, town).toBe(town);
    }
    expect(placeOf('TX', 'Laredo')?.population).toBeGreaterThan(200_000);
    // Small places known only by their post office: population unknown, still on the map.
    const rangeley = placeOf('ME', 'Rangeley');
    expect(rangeley).toMatchObject({ name: 'Rangeley', state: 'ME', population: null });
    expect(milesFrom(rangeley, 44.966, -70.643)).toBeLessThan(10);
  });

  it('puts places where they are (within a few miles of their center)', () => {
    const known: [string, string, number, number][] = [
      ['IL', 'Chicago', 41.8781, -87.6298],
      ['ME', 'Bangor', 44.8012, -68.7778],
      ['ME', 'Presque Isle', 46.6812, -68.0159],
      ['ME', 'Fort Kent', 47.2587, -68.5895],
      ['TX', 'Laredo', 27.5306, -99.4803],
      ['CA', 'Los Angeles', 34.0522, -118.2437],
      ['AK', 'Anchorage', 61.2181, -149.9003],
      ['HI', 'Honolulu', 21.3069, -157.8583],
      ['DC', 'Washington', 38.9072, -77.0369],
      ['MO', 'St. Louis', 38.627, -90.1994],
    ];
    for (const [state, city, latitude, longitude] of known) {
      expect(milesFrom(placeOf(state, city), latitude, longitude), `${city}, ${state}`).toBeLessThan(5);
    }
  });

  it('forgives case, spaces, punctuation, diacritics and the usual abbreviations', () => {
    const same: [string, string, string][] = [
      ['me', '  bangor ', 'Bangor'],
      ['ME', 'FT. KENT', 'Fort Kent'],
      ['ME', 'Ft Kent', 'Fort Kent'],
      ['MO', 'Saint Louis', 'St. Louis'],
      ['MO', 'st louis', 'St. Louis'],
      ['MN', 'St. Paul', 'Saint Paul'],
      ['MI', 'Sault Sainte Marie', 'Sault Ste. Marie'],
      ['NY', 'Mt. Vernon', 'Mount Vernon'],
      ['NY', 'Mt Vernon', 'Mount Vernon'],
      ['NC', 'Winston Salem', 'Winston-Salem'],
      ['NC', 'winston-salem', 'Winston-Salem'],
      ['ID', 'Coeur dAlene', "Coeur d'Alene"],
      ['ID', 'coeur d’alene', "Coeur d'Alene"],
      ['NM', 'Espanola', 'Española'],
      ['IL', 'De Kalb', 'DeKalb'],
      ['IN', 'Ft. Wayne', 'Fort Wayne'],
      ['Maine', 'Bangor', 'Bangor'],
      ['new york', 'Buffalo', 'Buffalo'],
    ];
    for (const [state, city, name] of same)
      expect(placeOf(state, city)?.name, `${city}, ${state}`).toBe(name);
    expect(placeOf('TX', 'Chicago')).toBeNull();
    expect(placeOf('IL', 'Nowhere Junction Flats')).toBeNull();
    expect(placeOf('ZZ', 'Chicago')).toBeNull();
    expect(placeOf('IL', '   ')).toBeNull();
  });

  it('takes the more populous of two places of one name', () => {
    // Springfield, IL is the capital (about 115,000), not a village of the same name.
    expect(placeOf('IL', 'Springfield')?.population).toBeGreaterThan(100_000);
    expect(milesFrom(placeOf('IL', 'Springfield'), 39.7817, -89.6501)).toBeLessThan(5);
    // Portland, ME and Kansas City, MO rather than smaller namesakes.
    expect(placeOf('ME', 'Portland')?.population).toBeGreaterThan(60_000);
  });

  it('searches a state by the start of a name, largest first, within the limit', () => {
    expect(searchPlaces('ME', 'ban').map((place) => place.name)).toContain('Bangor');
    expect(searchPlaces('ME', 'ban')[0]?.name).toBe('Bangor');
    expect(searchPlaces('IL', 'chi')[0]?.name).toBe('Chicago');
    expect(searchPlaces('IL', 'CHI', 3)).toHaveLength(3);
    expect(searchPlaces('IL', 'chi', 500).length).toBeLessThanOrEqual(50);
    expect(searchPlaces('IL', 'chi', 0)).toEqual([]);
    // Abbreviations: typed either way, found either way.
    expect(searchPlaces('ME', 'ft k').map((place) => place.name)).toContain('Fort Kent');
    expect(searchPlaces('ME', 'for').map((place) => place.name)).toContain('Fort Kent');
    expect(searchPlaces('MO', 'saint l')[0]?.name).toBe('St. Louis');
    expect(searchPlaces('MO', 'st. l')[0]?.name).toBe('St. Louis');
    const st = searchPlaces('MO', 'st', 50).map((place) => place.name);
    expect(st).toContain('St. Louis');
    expect(st.some((name) => name.startsWith('Ste'))).toBe(true);
    expect(searchPlaces('MO', 'st.', 50).every((place) => /^(St\.?|Saint) /.test(place.name))).toBe(true);
    expect(searchPlaces('TX', 'zzzz')).toEqual([]);
    expect(searchPlaces('ZZ', 'a')).toEqual([]);
  });
});
