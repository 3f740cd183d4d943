import { beforeEach, describe, expect, it } from 'vitest';
import type { Document, Query } from '../port.ts';
import {
  type ContractUse,
  fleetPuts,
  truckCollection,
  truckDocument,
  trucks,
  writeFleet,
} from './fixtures.ts';

/** Finding documents: filters, sorts and pages over a fixed fleet, through every field index or only the declared ones. */
export function queryContract(use: ContractUse): void {
  describe('queries over a fixed fleet', () => {
    const { store, ensure } = use;
    let collection: string;
    beforeEach(async () => {
      collection = await writeFleet(use);
    });

    it('answers the same queries with only the declared compound indexes', async () => {
      const collection = await ensure({ ...truckCollection(), indexEachField: false });
      await store.write(fleetPuts(collection));
      const found = await store.find(collection, {
        filter: { active: { eq: true }, 'location.city': { in: ['Lyon', 'Paris'] } },
        sort: [{ field: 'capacityKg', direction: 'desc' }],
        limit: 3,
      });
      expect(found.map((document) => document.id)).toEqual(['t11', 't25', 't24']);
      expect(await store.count(collection, { name: { contains: 'atlas' }, capacityKg: { gt: 12000 } })).toBe(
        1,
      );
    });

    const ids = async (query: Query) => (await store.find(collection, query)).map((document) => document.id);

    it('returns everything in id order without a query', async () => {
      expect(await ids({})).toEqual(trucks.map(([id]) => id));
      expect(await store.count(collection)).toBe(30);
    });

    it('returns whole documents', async () => {
      const [found] = await store.find<Document & { location: { city: string } }>(collection, {
        filter: { name: { eq: 'Echo' } },
      });
      expect(found).toEqual({ ...truckDocument(trucks[4]!), position: '5' });
    });

    it('filters by equality on text, numbers, nested fields and booleans', async () => {
      expect(await ids({ filter: { name: { eq: 'Lynx' } } })).toEqual(['t12']);
      expect(await ids({ filter: { capacityKg: { eq: 7500 } } })).toEqual([
        't04',
        't10',
        't16',
        't23',
        't29',
      ]);
      expect(await ids({ filter: { rating: { eq: 4.5 } } })).toEqual(['t01', 't09', 't20']);
      expect(await ids({ filter: { 'location.city': { eq: 'Lyon' }, active: { eq: false } } })).toEqual([
        't19',
      ]);
      expect(await ids({ filter: { active: { eq: false } } })).toEqual([
        't02',
        't05',
        't08',
        't10',
        't13',
        't15',
        't19',
        't21',
        't23',
        't26',
        't30',
      ]);
    });

    it('treats a missing field like null', async () => {
      expect(await ids({ filter: { depot: { eq: null } } })).toEqual([
        't03',
        't05',
        't10',
        't15',
        't17',
        't24',
      ]);
      expect(await ids({ filter: { rating: { eq: null } } })).toEqual(['t03', 't07', 't13', 't26']);
      expect(await store.count(collection, { depot: { ne: null } })).toBe(24);
    });

    it('keeps null and missing values for ne', async () => {
      expect(await ids({ filter: { depot: { ne: 'north' }, capacityKg: { lte: 7500 } } })).toEqual([
        't10',
        't16',
        't23',
        't26',
        't29',
      ]);
      expect(await ids({ filter: { 'location.city': { ne: 'Paris' }, active: { ne: true } } })).toEqual([
        't08',
        't10',
        't13',
        't19',
        't21',
        't23',
        't26',
      ]);
    });

    it('filters by a list, with or without null', async () => {
      expect(await ids({ filter: { 'location.city': { in: ['Lille', 'Nantes'] } } })).toEqual([
        't06',
        't08',
        't10',
        't12',
        't16',
        't18',
        't21',
        't22',
        't26',
        't29',
      ]);
      expect(await ids({ filter: { depot: { in: ['east', null] } } })).toEqual([
        't03',
        't05',
        't06',
        't10',
        't11',
        't15',
        't16',
        't17',
        't21',
        't24',
        't26',
      ]);
      expect(await ids({ filter: { depot: { in: [] } } })).toEqual([]);
    });

    it('filters by number ranges', async () => {
      expect(await ids({ filter: { capacityKg: { gte: 18000, lt: 40000 } } })).toEqual([
        't02',
        't05',
        't06',
        't11',
        't13',
        't18',
        't19',
        't24',
        't25',
        't28',
      ]);
      expect(await ids({ filter: { rating: { gt: 4.5 } } })).toEqual(['t04', 't15', 't22']);
    });

    it('filters by ISO date ranges', async () => {
      expect(
        await ids({
          filter: { registeredAt: { gte: '2024-06-01T00:00:00.000Z', lt: '2025-01-01T00:00:00.000Z' } },
        }),
      ).toEqual(['t14', 't16', 't18', 't20', 't21', 't22', 't24', 't26']);
      expect(await ids({ filter: { registeredAt: { gt: '2025-01-05T08:00:00.000Z' } } })).toEqual([
        't28',
        't29',
        't30',
      ]);
      expect(await ids({ filter: { registeredAt: { lte: '2022-01-01T00:00:00.000Z' } } })).toEqual([
        't09',
        't15',
      ]);
    });

    it('matches contains case-insensitively, taking % and _ literally', async () => {
      expect(await ids({ filter: { name: { contains: 'atlas' } } })).toEqual(['t01', 't27', 't28']);
      expect(await ids({ filter: { name: { contains: 'ATLAS J' } } })).toEqual(['t27']);
      expect(await ids({ filter: { name: { contains: '100%' } } })).toEqual(['t03']);
      expect(await ids({ filter: { name: { contains: '0%' } } })).toEqual(['t03', 't10']);
      expect(await ids({ filter: { name: { contains: '_' } } })).toEqual(['t04', 't18', 't29']);
      expect(await ids({ filter: { name: { contains: '100_p' } } })).toEqual(['t29']);
      expect(await ids({ filter: { name: { contains: '.*' } } })).toEqual([]);
    });

    it('sorts by several keys, breaking ties by id', async () => {
      expect(
        await ids({
          filter: { 'location.city': { eq: 'Lyon' } },
          sort: [
            { field: 'active', direction: 'asc' },
            { field: 'capacityKg', direction: 'desc' },
          ],
        }),
      ).toEqual(['t19', 't24', 't01', 't03', 't27', 't07', 't14']);
      expect(
        await ids({
          filter: { capacityKg: { gte: 26000 } },
          sort: [{ field: 'capacityKg', direction: 'desc' }],
        }),
      ).toEqual(['t09', 't15', 't22', 't05', 't11', 't19', 't25', 't28']);
    });

    it('sorts nulls first ascending and last descending', async () => {
      expect(await ids({ sort: [{ field: 'rating', direction: 'asc' }], limit: 6 })).toEqual([
        't03',
        't07',
        't13',
        't26',
        't10',
        't30',
      ]);
      expect(
        await ids({
          filter: { 'location.city': { eq: 'Lille' } },
          sort: [{ field: 'rating', direction: 'desc' }],
        }),
      ).toEqual(['t06', 't16', 't21', 't10', 't26']);
    });

    it('sorts text by code point and dates chronologically', async () => {
      expect(await ids({ sort: [{ field: 'name', direction: 'desc' }], limit: 5 })).toEqual([
        't08',
        't27',
        't26',
        't25',
        't24',
      ]);
      expect(await ids({ sort: [{ field: 'registeredAt', direction: 'desc' }], limit: 3 })).toEqual([
        't30',
        't29',
        't28',
      ]);
      expect(await ids({ sort: [{ field: 'id', direction: 'desc' }], limit: 3 })).toEqual([
        't30',
        't29',
        't28',
      ]);
    });

    it('pages with skip and limit without skipping or repeating rows', async () => {
      const sort = [{ field: 'capacityKg', direction: 'asc' as const }];
      expect(await ids({ sort, skip: 8, limit: 5 })).toEqual(['t23', 't29', 't01', 't03', 't08']);

      const pages: string[] = [];
      for (let skip = 0; skip < 30; skip += 7) pages.push(...(await ids({ sort, skip, limit: 7 })));
      expect(pages).toEqual([
        ...['t07', 't14', 't20', 't26', 't30'],
        ...['t04', 't10', 't16', 't23', 't29'],
        ...['t01', 't03', 't08', 't12', 't17', 't21', 't27'],
        ...['t02', 't06', 't13', 't18', 't24'],
        ...['t05', 't11', 't19', 't25', 't28'],
        ...['t09', 't15', 't22'],
      ]);
      expect(await ids({ sort, skip: 28 })).toEqual(['t15', 't22']);
      expect(await ids({ sort, limit: 0 })).toEqual([]);
    });

    it('rejects undeclared fields and values of the wrong type', async () => {
      await expect(store.find(collection, { filter: { plate: { eq: 'x' } } })).rejects.toThrow(/plate/);
      await expect(store.find(collection, { sort: [{ field: 'tags', direction: 'asc' }] })).rejects.toThrow(
        /tags/,
      );
      await expect(store.count(collection, { 'location.country': { eq: 'FR' } })).rejects.toThrow();
      await expect(store.find(collection, { filter: { capacityKg: { eq: '7500' } } })).rejects.toThrow();
      await expect(store.find(collection, { filter: { active: { gt: 1 } } })).rejects.toThrow();
      await expect(store.find(collection, { filter: { capacityKg: { contains: '75' } } })).rejects.toThrow();
      await expect(store.find(collection, { limit: -1 })).rejects.toThrow();
    });
  });
}
