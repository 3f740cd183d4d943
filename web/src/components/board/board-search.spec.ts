import { truckListQuerySchema } from '@dispatch/domain';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, lenientSearch, toApiSearch, withFilters, withoutFilters } from './board-search';

const validate = lenientSearch(truckListQuerySchema);

describe('board search params', () => {
  it('gives the list defaults for an empty address', () => {
    expect(validate({})).toEqual({ limit: 10, page: 0, orderBy: 'updatedAt', sort: 'desc' });
  });

  it('reads the values the router parsed as numbers, booleans and lists', () => {
    expect(
      validate({
        page: 2,
        limit: 20,
        status: true,
        trailerType: ['FLATBED', 'LOW_SIDED_HOPPER'],
        direction: 'NORTH,SOUTH',
        unitNumber: 100,
        startDate: '2026-11-21',
        dateOperation: 'gte',
        dateField: 'availableDate',
      }),
    ).toEqual({
      page: 2,
      limit: 20,
      orderBy: 'updatedAt',
      sort: 'desc',
      status: 'true',
      trailerType: ['FLATBED', 'LOW_SIDED_HOPPER'],
      direction: ['NORTH', 'SOUTH'],
      unitNumber: '100',
      startDate: '2026-11-21T00:00:00.000Z',
      dateOperation: 'gte',
      dateField: 'availableDate',
    });
  });

  it('drops each value the API would refuse, keeping the others', () => {
    expect(
      validate({
        page: -1,
        limit: 1000,
        orderBy: 'notes',
        status: 'maybe',
        trailerType: ['TANKER'],
        startDate: 'soon',
        dateOperation: 'between',
        search: 'blue',
        product: ['HEAVY'],
      }),
    ).toEqual({ page: 0, limit: 10, orderBy: 'updatedAt', sort: 'desc', search: 'blue' });
  });

  it('overrides a refused raw value, so the router cannot hand it on to the API', () => {
    // The router lays the validated search over the raw address: a refused key must be there, undefined.
    const raw = { direction: 'UP', trailerType: 'TANKER', search: 'blue' };
    const routed = { ...raw, ...validate(raw) };
    expect(toApiSearch(routed)).toEqual({
      limit: 10,
      page: 0,
      orderBy: 'updatedAt',
      sort: 'desc',
      search: 'blue',
    });
  });

  it('sends several values of one filter comma-joined', () => {
    expect(
      toApiSearch({ page: 0, trailerType: ['FLATBED', 'LOW_SIDED_HOPPER'], direction: [], search: 'x' }),
    ).toEqual({ page: 0, trailerType: 'FLATBED,LOW_SIDED_HOPPER', search: 'x' });
  });

  it('changes filters from the first page and clears them keeping size and order', () => {
    const search = { page: 3, limit: 20, orderBy: 'createdAt', sort: 'asc', status: 'true' } as const;
    expect(withFilters(search, { status: undefined, trailerType: ['FLATBED'] })).toEqual({
      page: 0,
      limit: 20,
      orderBy: 'createdAt',
      sort: 'asc',
      trailerType: ['FLATBED'],
    });
    expect(withoutFilters({ ...search, trailerType: ['FLATBED'], startDate: 'x' })).toEqual({
      page: 0,
      limit: 20,
      orderBy: 'createdAt',
      sort: 'asc',
    });
  });

  it('counts the filters set, the date range as one', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(
      activeFilterCount({
        status: 'true',
        trailerType: [],
        startDate: 'a',
        endDate: 'b',
        dateField: 'createdAt',
      }),
    ).toBe(2);
    // The maximum age is a filter: it counts, and clearing the filters clears it.
    expect(activeFilterCount({ maxAgeHours: 24 })).toBe(1);
    expect(withoutFilters({ page: 2, maxAgeHours: 24, orderBy: 'updatedAt' })).toEqual({
      page: 0,
      orderBy: 'updatedAt',
    });
  });
});
