import { describe, expect, it } from 'vitest';
import { defaultTrucksSearch, nextSort, pageSizes, validateTrucksSearch } from './trucks-search';

describe('trucks search params', () => {
  it('defaults to the newest updates first, page 0, 10 per page', () => {
    expect(defaultTrucksSearch).toEqual({ page: 0, limit: 10, orderBy: 'updatedAt', sort: 'desc' });
  });

  it('keeps valid values, filters included', () => {
    expect(
      validateTrucksSearch({
        page: 3,
        limit: 20,
        orderBy: 'availableDate',
        sort: 'asc',
        direction: ['NORTH'],
        search: 'blue',
        createdBy: 'user-1',
      }),
    ).toEqual({
      page: 3,
      limit: 20,
      orderBy: 'availableDate',
      sort: 'asc',
      direction: ['NORTH'],
      search: 'blue',
      createdBy: 'user-1',
    });
  });

  it('falls back to defaults for values a hand-edited link may carry', () => {
    expect(validateTrucksSearch({ page: -1, limit: 1000, orderBy: 'notes', sort: 'up' })).toEqual({
      page: 0,
      limit: 10,
      orderBy: 'updatedAt',
      sort: 'desc',
    });
    expect(validateTrucksSearch({ page: '2', limit: 1.5, product: 'HEAVY' })).toEqual({
      page: 2,
      limit: 10,
      orderBy: 'updatedAt',
      sort: 'desc',
    });
  });

  it('starts a text column from A and a date or the status from the top, back on page 0', () => {
    const current = { page: 4, limit: 10, orderBy: 'updatedAt', sort: 'desc', status: 'true' } as const;
    for (const orderBy of ['truckName', 'unitNumber', 'companyName', 'truckCity', 'dispatcherName'] as const)
      expect(nextSort(current, orderBy)).toEqual({ ...current, orderBy, sort: 'asc', page: 0 });
    expect(nextSort(current, 'status')).toEqual({ ...current, orderBy: 'status', sort: 'desc', page: 0 });
    expect(nextSort({ ...current, orderBy: 'truckName', sort: 'asc' }, 'truckName')).toMatchObject({
      sort: 'desc',
    });
  });

  it('flips the direction of the sorted column and starts another date column descending, back on page 0', () => {
    const current = { page: 4, limit: 10, orderBy: 'updatedAt', sort: 'desc', status: 'true' } as const;
    expect(nextSort(current, 'updatedAt')).toEqual({ ...current, sort: 'asc', page: 0 });
    expect(nextSort({ ...current, sort: 'asc' }, 'updatedAt')).toEqual({ ...current, sort: 'desc', page: 0 });
    expect(nextSort(current, 'createdAt')).toEqual({
      ...current,
      orderBy: 'createdAt',
      sort: 'desc',
      page: 0,
    });
  });
});

describe('page sizes', () => {
  it('offers 10, 25, 50 and 100 rows, and a link with 25 or 100 keeps them', () => {
    expect(pageSizes).toEqual([10, 25, 50, 100]);
    expect(validateTrucksSearch({ limit: 25 }).limit).toBe(25);
    expect(validateTrucksSearch({ limit: '100' }).limit).toBe(100);
    expect(validateTrucksSearch({ limit: 101 }).limit).toBe(10);
  });
});
