import { RADIUS_MESSAGE } from '@dispatch/domain';
import { describe, expect, it } from 'vitest';
import {
  activeRadius360Search,
  activeRadiusSearch,
  checkPlaceForm,
  type Radius360RouteSearch,
  type RadiusRouteSearch,
  type RadiusSearch,
  radius360Queries,
  searchFromForm,
  validateRadius360Search,
  validateRadiusSearch,
} from './radius-search';

const place = { state: 'IL', city: 'Chicago', radius: 200 };
/** A route's search as the router makes it: the URL's raw params with the validated ones laid over. */
const routed = (raw: Record<string, unknown>) =>
  ({ ...raw, ...validateRadiusSearch(raw) }) as RadiusRouteSearch;
const routed360 = (raw: Record<string, unknown>) =>
  ({ ...raw, ...validateRadius360Search(raw) }) as Radius360RouteSearch;
const defaults = { limit: 10, page: 0, searchType: 'trucks', around: 'origin' } as const;

describe('radius search params', () => {
  it('keeps a valid search, filling the defaults', () => {
    expect(validateRadiusSearch(place)).toEqual({ ...place, ...defaults });
    // As the router hands them over: numbers for digits, the state in any case.
    expect(validateRadiusSearch({ state: 'il', city: ' Chicago ', radius: '12.5', page: 2 })).toEqual({
      ...defaults,
      state: 'IL',
      city: 'Chicago',
      radius: 12.5,
      page: 2,
    });
  });

  it('drops every param when the radius is out of range: radius=9000 opens the empty form', () => {
    expect(validateRadiusSearch({ ...place, radius: 9000, searchType: 'loads', page: 3 })).toEqual({});
    expect(validateRadiusSearch({ ...place, radius: 0 })).toEqual({});
    expect(validateRadiusSearch({ ...place, radius: 'far' })).toEqual({});
    expect(activeRadiusSearch(validateRadiusSearch({ ...place, radius: 9000 }))).toBeNull();
  });

  it("leaves nothing of a dropped search once the router lays it over the URL's raw params", () => {
    // The router's search of a route is { ...raw params, ...validated }: what is dropped must be unset.
    const raw = { ...place, radius: 9000, searchType: 'loads', foo: 'bar' };
    const merged = routed(raw);
    expect(merged).toMatchObject({
      state: undefined,
      city: undefined,
      radius: undefined,
      searchType: undefined,
    });
    expect(activeRadiusSearch(merged)).toBeNull();
    // A valid search keeps only the API's parameters: an unknown one is never sent.
    const valid = { ...place, foo: 'bar', status: 'maybe' };
    expect(activeRadiusSearch(routed(valid))).toEqual({
      ...place,
      ...defaults,
    });
    const loads = { ...place, searchType: 'loads', status: 'true' };
    expect(activeRadiusSearch(routed(loads))).toEqual({
      ...place,
      ...defaults,
      searchType: 'loads',
    });
  });

  it('drops every param when the city or the state is missing or invalid', () => {
    expect(validateRadiusSearch({ state: 'IL', radius: 200, trailerType: 'FLATBED' })).toEqual({});
    expect(validateRadiusSearch({ ...place, city: '   ' })).toEqual({});
    expect(validateRadiusSearch({ city: 'Chicago', radius: 200 })).toEqual({});
    expect(validateRadiusSearch({ ...place, state: 'XX' })).toEqual({});
    // A state by its name, in any case, is the state: kept as its code.
    expect(validateRadiusSearch({ ...place, state: 'illinois' })).toMatchObject({ state: 'IL' });
    expect(validateRadiusSearch({})).toEqual({});
  });

  it('with a valid place, drops a bad filter on its own and keeps the good ones', () => {
    expect(
      validateRadiusSearch({
        ...place,
        trailerType: ['FLATBED', 'HIGH_SIDED_HOPPER'],
        direction: 'NORTH_EAST',
        status: true,
        limit: 1000,
        dateField: 'someday',
        unknown: 'x',
      }),
    ).toEqual({
      ...place,
      ...defaults,
      trailerType: ['FLATBED', 'HIGH_SIDED_HOPPER'],
      direction: ['NORTH_EAST'],
      status: 'true',
    });
  });

  it('keeps the end of a load, and no status, for loads; no end for trucks', () => {
    expect(
      validateRadiusSearch({ ...place, searchType: 'loads', around: 'destination', status: 'true' }),
    ).toEqual({ ...place, ...defaults, searchType: 'loads', around: 'destination' });
    expect(validateRadiusSearch({ ...place, around: 'destination' })).toEqual({ ...place, ...defaults });
  });
});

describe('the search form', () => {
  const form = {
    state: 'IL',
    city: 'Chicago',
    radius: '200',
    searchType: 'trucks',
    around: 'origin',
  } as const;

  it("checks the place with the API's own messages", () => {
    expect(checkPlaceForm(form)).toEqual({});
    expect(checkPlaceForm({ ...form, state: '', city: ' ', radius: '9000' })).toEqual({
      state: 'State is required',
      city: 'City is required',
      radius: RADIUS_MESSAGE,
    });
    expect(checkPlaceForm({ ...form, radius: '' }).radius).toBe(RADIUS_MESSAGE);
  });

  it('opens a search on page 0, keeping the filters, dropping what the new kind does not take', () => {
    const current: RadiusSearch = {
      ...place,
      ...defaults,
      page: 4,
      status: 'false',
      trailerType: ['FLATBED'],
    };
    expect(searchFromForm({ ...form, city: 'Peoria ', radius: '50' }, current)).toEqual({
      ...current,
      city: 'Peoria',
      radius: 50,
      page: 0,
    });
    expect(searchFromForm({ ...form, searchType: 'loads' }, current)).toEqual({
      ...place,
      ...defaults,
      searchType: 'loads',
      trailerType: ['FLATBED'],
    });
  });
});

describe('radius 360 params', () => {
  it('keeps a valid place and its sectors; drops everything without a valid place', () => {
    expect(validateRadius360Search({ ...place, direction: 'NORTH,EAST' })).toEqual({
      ...place,
      direction: ['NORTH', 'EAST'],
    });
    expect(validateRadius360Search({ ...place, direction: 'UP' })).toEqual(place);
    expect(validateRadius360Search({ ...place, radius: 9000, direction: 'NORTH' })).toEqual({});
    const raw = { ...place, radius: 9000, direction: 'NORTH' };
    expect(activeRadius360Search(routed360(raw))).toBeNull();
    expect(activeRadius360Search(routed360({ ...place, direction: ['WEST'], extra: 1 }))).toEqual({
      ...place,
      direction: ['WEST'],
    });
    expect(validateRadius360Search({ state: 'IL', radius: 200 })).toEqual({});
  });

  it('asks for the nearest 100 trucks and 100 loads of the place, narrowed to the sectors when given', () => {
    const { trucks, loads } = radius360Queries(place, ['SOUTH']);
    expect(trucks).toEqual({
      ...place,
      limit: 100,
      page: 0,
      around: 'origin',
      searchType: 'trucks',
      direction: ['SOUTH'],
    });
    expect(loads).toEqual({ ...trucks, searchType: 'loads' });
    expect(radius360Queries(place).trucks).not.toHaveProperty('direction');
  });
});
