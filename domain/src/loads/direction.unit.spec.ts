import { describe, expect, it } from 'vitest';
import { compassPoint, loadDirection } from './direction.ts';

const route = (
  originState: string,
  originCity: string,
  destinationState: string,
  destinationCity: string,
) => ({
  originState,
  originCity,
  destinationState,
  destinationCity,
});

describe('the direction of a load', () => {
  it('is the compass point from the origin city to the destination city', () => {
    expect(loadDirection(route('IA', 'Des Moines', 'IL', 'Chicago'))).toBe('EAST');
    expect(loadDirection(route('IL', 'Chicago', 'IA', 'Des Moines'))).toBe('WEST');
    expect(loadDirection(route('TX', 'Dallas', 'NE', 'Omaha'))).toBe('NORTH');
    expect(loadDirection(route('KS', 'Wichita', 'TX', 'Dallas'))).toBe('SOUTH');
    expect(loadDirection(route('TX', 'Houston', 'IL', 'Chicago'))).toBe('NORTH_EAST');
    expect(loadDirection(route('MN', 'Minneapolis', 'CA', 'Los Angeles'))).toBe('SOUTH_WEST');
    expect(loadDirection(route('CA', 'San Diego', 'WA', 'Seattle'))).toBe('NORTH');
    expect(loadDirection(route('MO', 'Kansas City', 'GA', 'Atlanta'))).toBe('SOUTH_EAST');
    expect(loadDirection(route('TX', 'El Paso', 'WA', 'Spokane'))).toBe('NORTH_WEST');
  });

  it('reads the cities as a form may have sent them: any case, surrounding spaces', () => {
    expect(loadDirection(route(' ia', 'des moines ', 'il', 'CHICAGO'))).toBe('EAST');
  });

  it('is null for a city without known coordinates, or when the load stays in one city', () => {
    expect(loadDirection(route('IA', 'Ames', 'IL', 'Chicago'))).toBeNull();
    expect(loadDirection(route('IA', 'Des Moines', 'ZZ', 'Chicago'))).toBeNull();
    expect(loadDirection(route('IL', 'Chicago', 'IL', 'Chicago'))).toBeNull();
  });

  it('finds the places with the locator it is given', () => {
    const places: Record<string, { latitude: number; longitude: number }> = {
      'IA|Ames': { latitude: 42.03, longitude: -93.62 },
      'MN|Albert Lea': { latitude: 43.65, longitude: -93.37 },
    };
    const locate = (state: string, city: string) => places[`${state}|${city}`];
    expect(loadDirection(route('IA', 'Ames', 'MN', 'Albert Lea'), locate)).toBe('NORTH');
    // Des Moines is a city of us-cities.ts, but not of this locator's.
    expect(loadDirection(route('IA', 'Des Moines', 'MN', 'Albert Lea'), locate)).toBeNull();
  });

  it('splits the compass into eight sectors of 45°, each centred on its point', () => {
    const origin = { latitude: 0, longitude: 0 };
    // Near the equator a small step's bearing is its angle from north.
    const towards = (degrees: number) => ({
      latitude: Math.cos((degrees * Math.PI) / 180) * 0.01,
      longitude: Math.sin((degrees * Math.PI) / 180) * 0.01,
    });
    expect(compassPoint(origin, towards(0))).toBe('NORTH');
    expect(compassPoint(origin, towards(22))).toBe('NORTH');
    expect(compassPoint(origin, towards(23))).toBe('NORTH_EAST');
    expect(compassPoint(origin, towards(112))).toBe('EAST');
    expect(compassPoint(origin, towards(113))).toBe('SOUTH_EAST');
    expect(compassPoint(origin, towards(180))).toBe('SOUTH');
    expect(compassPoint(origin, towards(270))).toBe('WEST');
    expect(compassPoint(origin, towards(337))).toBe('NORTH_WEST');
    expect(compassPoint(origin, towards(338))).toBe('NORTH');
  });
});
