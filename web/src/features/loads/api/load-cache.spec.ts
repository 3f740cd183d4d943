import type { Load } from '@dispatch/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoadsPage } from './get-loads';
import { invalidateLoads, patchLoadInCaches, removeLoadFromCaches } from './load-cache';
import { loadKeys } from './load-keys';

const ORG = 'org-1';
const firstPage = { page: 0, limit: 10, orderBy: 'updatedAt', sort: 'desc' } as const;
const secondPage = { ...firstPage, page: 1 };
const load = (id: number, version = 0, rateForTitan: number | null = 3) =>
  ({ id, version, rateForTitan, customerName: `C${id}` }) as Load;
const pageOf = (...loads: Load[]): LoadsPage => ({
  success: true,
  count: loads.length,
  totalCount: 12,
  totalCountExact: true,
  totalCreatedToday: 1,
  totalCreatedYesterday: 0,
  totalAvailableToday: 3,
  totalAvailableYesterday: 2,
  limit: 10,
  totalPages: 2,
  page: 0,
  data: loads,
});

describe('load caches', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient();
    queryClient.setQueryData(loadKeys.list(ORG, firstPage), pageOf(load(1, 3), load(2)));
    queryClient.setQueryData(loadKeys.list(ORG, secondPage), pageOf(load(5)));
    queryClient.setQueryData(loadKeys.detail(ORG, 1), load(1, 3));
    queryClient.setQueryData(loadKeys.detail(ORG, 2), load(2));
  });
  afterEach(() => queryClient.clear());

  const list = (search: typeof firstPage | typeof secondPage) =>
    queryClient.getQueryData<LoadsPage>(loadKeys.list(ORG, search));

  it('writes a returned load into every page holding it and into its detail', () => {
    patchLoadInCaches(queryClient, load(1, 4, null));
    expect(list(firstPage)?.data[0]).toEqual(load(1, 4, null));
    expect(queryClient.getQueryData(loadKeys.detail(ORG, 1))).toEqual(load(1, 4, null));
    expect(list(secondPage)?.data).toEqual([load(5)]);
  });

  it('never replaces a newer cached version with an older response', () => {
    patchLoadInCaches(queryClient, load(1, 2, null));
    expect(list(firstPage)?.data[0]).toEqual(load(1, 3));
    expect(queryClient.getQueryData(loadKeys.detail(ORG, 1))).toEqual(load(1, 3));
  });

  it('takes a removed load off the pages and drops its detail', () => {
    removeLoadFromCaches(queryClient, 1);
    expect(list(firstPage)?.data.map((l) => l.id)).toEqual([2]);
    expect(list(firstPage)?.count).toBe(1);
    expect(queryClient.getQueryData(loadKeys.detail(ORG, 1))).toBeUndefined();
    expect(list(secondPage)?.data.map((l) => l.id)).toEqual([5]);
  });

  it('invalidates every list and only the changed details', async () => {
    await invalidateLoads(queryClient, [2]);
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(loadKeys.list(ORG, firstPage))).toBe(true);
    expect(invalidated(loadKeys.list(ORG, secondPage))).toBe(true);
    expect(invalidated(loadKeys.detail(ORG, 2))).toBe(true);
    expect(invalidated(loadKeys.detail(ORG, 1))).toBe(false);
    await invalidateLoads(queryClient);
    expect(invalidated(loadKeys.detail(ORG, 1))).toBe(true);
  });
});
