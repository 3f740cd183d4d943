import { describe, expect, it } from 'vitest';
import { defaultTrucksSearch, nextSort, trucksSearchSchema } from './trucks-search';

describe('trucks search params', () => {
  it('defaults to the newest updates first, page 0, 10 per page', () => {
    expect(trucksSearchSchema.parse({})).toEqual({ page: 0, limit: 10, orderBy: 'updatedAt', sort: 'desc' });
  });

  it('keeps valid values', () => {
    expect(trucksSearchSchema.parse({ page: 3, limit: 20, orderBy: 'availableDate', sort: 'asc' })).toEqual({
      page: 3,
      limit: 20,
      orderBy: 'availableDate',
      sort: 'asc',
    });
  });

  it('falls back to defaults for values a hand-edited link may carry', () => {
    expect(trucksSearchSchema.parse({ page: -1, limit: 1000, orderBy: 'truckName', sort: 'up' })).toEqual({
      page: 0,
      limit: 10,
      orderBy: 'updatedAt',
      sort: 'desc',
    });
    expect(trucksSearchSchema.parse({ page: '2', limit: 1.5 })).toMatchObject({ page: 0, limit: 10 });
  });

  it('flips the direction of the sorted column and starts another column descending, back on page 0', () => {
    const current = { page: 4, limit: 10, orderBy: 'updatedAt', sort: 'desc' } as const;
    expect(nextSort(current, 'updatedAt')).toEqual({ ...current, sort: 'asc', page: 0 });
    expect(nextSort({ ...current, sort: 'asc' }, 'updatedAt')).toEqual({ ...current, sort: 'desc', page: 0 });
    expect(nextSort(current, 'availableDate')).toEqual({ ...current, orderBy: 'availableDate', page: 0 });
  });
});

describe('default trucks search', () => {
  it('is what an empty URL means', () => {
    expect(defaultTrucksSearch).toEqual({ page: 0, limit: 10, orderBy: 'updatedAt', sort: 'desc' });
  });
});
