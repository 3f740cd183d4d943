import type { Truck } from '@dispatch/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrucksPage } from './get-trucks';
import { patchTruckInCaches, removeTruckFromCaches, updateTruckInPage } from './truck-cache';
import { truckKeys } from './truck-keys';

const ORG = 'org-1';
const firstPage = { page: 0, limit: 10, orderBy: 'updatedAt', sort: 'desc' } as const;
const secondPage = { ...firstPage, page: 1 };
const truck = (id: number, version = 0, status = true) =>
  ({ id, version, status, truckName: `T${id}` }) as Truck;
const pageOf = (...trucks: Truck[]): TrucksPage => ({
  success: true,
  count: trucks.length,
  totalCount: 12,
  totalCountExact: true,
  totalPages: 2,
  totalTrucksCreatedToday: 1,
  totalTrucksCreatedYesterday: 0,
  totalAvailableToday: 3,
  totalAvailableYesterday: 2,
  limit: 10,
  page: 0,
  data: trucks,
});

describe('updateTruckInPage', () => {
  it('changes only the matching truck and keeps the page object when absent', () => {
    const page = pageOf(truck(1), truck(2));
    const updated = updateTruckInPage(page, 2, (t) => ({ ...t, status: false }));
    expect(updated.data.map((t) => t.status)).toEqual([true, false]);
    expect(updated.data[0]).toBe(page.data[0]);
    expect(updateTruckInPage(page, 3, (t) => t)).toBe(page);
  });
});

describe('truck caches', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    queryClient = new QueryClient();
    queryClient.setQueryData(truckKeys.list(ORG, firstPage), pageOf(truck(1, 3), truck(2)));
    queryClient.setQueryData(truckKeys.list(ORG, secondPage), pageOf(truck(5)));
    queryClient.setQueryData(truckKeys.detail(ORG, 1), truck(1, 3));
  });
  afterEach(() => queryClient.clear());

  const list = (search: typeof firstPage | typeof secondPage) =>
    queryClient.getQueryData<TrucksPage>(truckKeys.list(ORG, search));

  it('writes a returned truck into every page holding it and into its detail', () => {
    patchTruckInCaches(queryClient, truck(1, 4, false));
    expect(list(firstPage)?.data[0]).toEqual(truck(1, 4, false));
    expect(queryClient.getQueryData(truckKeys.detail(ORG, 1))).toEqual(truck(1, 4, false));
    expect(list(secondPage)?.data).toEqual([truck(5)]);
  });

  it('never replaces a newer cached version with an older response', () => {
    patchTruckInCaches(queryClient, truck(1, 2, false));
    expect(list(firstPage)?.data[0]).toEqual(truck(1, 3));
    expect(queryClient.getQueryData(truckKeys.detail(ORG, 1))).toEqual(truck(1, 3));
  });

  it('takes a removed truck off the pages and drops its detail', () => {
    removeTruckFromCaches(queryClient, 1);
    expect(list(firstPage)?.data.map((t) => t.id)).toEqual([2]);
    expect(list(firstPage)?.count).toBe(1);
    expect(queryClient.getQueryData(truckKeys.detail(ORG, 1))).toBeUndefined();
    expect(list(secondPage)?.data.map((t) => t.id)).toEqual([5]);
  });
});
