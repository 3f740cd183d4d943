import { describe, expect, it } from 'vitest';
import { defaultLoadsSearch, loadsPageSizes, loadsSearchSchema, nextLoadsSort } from './loads-search';

describe('loads search params', () => {
  it('default to the newest updates first, page 0, 10 per page', () => {
    expect(loadsSearchSchema.parse({})).toEqual({ page: 0, limit: 10, orderBy: 'updatedAt', sort: 'desc' });
    expect(defaultLoadsSearch).toEqual({ page: 0, limit: 10, orderBy: 'updatedAt', sort: 'desc' });
  });

  it('keep valid values and fall back to defaults for bad ones', () => {
    expect(loadsSearchSchema.parse({ page: 2, limit: 50, orderBy: 'createdAt', sort: 'asc' })).toEqual({
      page: 2,
      limit: 50,
      orderBy: 'createdAt',
      sort: 'asc',
    });
    expect(loadsSearchSchema.parse({ page: -3, limit: 500, orderBy: 'notes', sort: 'sideways' })).toEqual(
      defaultLoadsSearch,
    );
  });

  it('flip the sorted column and start another one descending, back on page 0', () => {
    const current = { page: 3, limit: 10, orderBy: 'availableDate', sort: 'desc' } as const;
    expect(nextLoadsSort(current, 'availableDate')).toEqual({ ...current, sort: 'asc', page: 0 });
    expect(nextLoadsSort({ ...current, sort: 'asc' }, 'availableDate')).toEqual({ ...current, page: 0 });
    expect(nextLoadsSort(current, 'createdAt')).toEqual({ ...current, orderBy: 'createdAt', page: 0 });
  });

  it('start the customer from A and a rate from the highest', () => {
    const current = { page: 3, limit: 10, orderBy: 'availableDate', sort: 'desc' } as const;
    expect(nextLoadsSort(current, 'customerName')).toEqual({
      ...current,
      orderBy: 'customerName',
      sort: 'asc',
      page: 0,
    });
    expect(nextLoadsSort(current, 'rateForTitan')).toMatchObject({ orderBy: 'rateForTitan', sort: 'desc' });
  });
});

describe('loads page sizes', () => {
  it('offers 10, 25, 50 and 100 rows, and a link with 25 or 100 keeps them', () => {
    expect(loadsPageSizes).toEqual([10, 25, 50, 100]);
    expect(loadsSearchSchema.parse({ limit: 25 }).limit).toBe(25);
    expect(loadsSearchSchema.parse({ limit: 100 }).limit).toBe(100);
    expect(loadsSearchSchema.parse({ limit: 101 }).limit).toBe(10);
  });
});
