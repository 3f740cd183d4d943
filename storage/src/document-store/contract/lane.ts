import { describe, expect, it } from 'vitest';
import type { CollectionDefinition, DocumentStore } from '../port.ts';
import { type ContractUse, collectionName } from './fixtures.ts';

/** Near queries with a second point (a lane from one place to another) and an order at one distance. */
export function laneContract(use: ContractUse): void {
  describe('near queries along a lane', () => {
    const { store, ensure } = use;

    const places: Record<string, [number, number]> = {
      chicago: [41.8781, -87.6298],
      joliet: [41.525, -88.0817],
      milwaukee: [43.0389, -87.9065],
      dallas: [32.7767, -96.797],
      fortWorth: [32.7555, -97.3308],
      houston: [29.7604, -95.3698],
      atlanta: [33.749, -84.388],
    };
    const point = (place: string | null) =>
      place === null
        ? null
        : { latitude: places[place]?.[0] as number, longitude: places[place]?.[1] as number };
    const definition = (name: string): CollectionDefinition => ({
      name,
      fields: {
        orgId: 'text',
        day: 'date',
        'origin.latitude': 'number',
        'origin.longitude': 'number',
        'destination.latitude': 'number',
        'destination.longitude': 'number',
      },
      indexes: [
        ['orgId', 'origin.latitude', 'origin.longitude', 'destination.latitude', 'destination.longitude'],
        ['orgId', 'destination.latitude', 'destination.longitude'],
      ],
      geoIndex: ['origin', 'destination'],
    });
    const put = (
      collection: string,
      id: string,
      from: string,
      to: string | null,
      day: string,
      orgId = 'a',
    ) => ({
      op: 'put' as const,
      collection,
      document: { id, orgId, day, origin: point(from), destination: point(to) },
      position: 1n,
    });
    const fill = (collection: string) =>
      store.write([
        put(collection, 'chi-dal-late', 'chicago', 'dallas', '2026-03-05'),
        put(collection, 'chi-dal-early', 'chicago', 'dallas', '2026-03-01'),
        put(collection, 'chi-fw', 'chicago', 'fortWorth', '2026-03-03'),
        put(collection, 'chi-hou', 'chicago', 'houston', '2026-03-02'),
        put(collection, 'chi-anywhere', 'chicago', null, '2026-03-01'),
        put(collection, 'jol-dal', 'joliet', 'dallas', '2026-03-04'),
        put(collection, 'mke-dal', 'milwaukee', 'dallas', '2026-03-01'),
        put(collection, 'chi-atl', 'chicago', 'atlanta', '2026-03-01'),
        put(collection, 'other-chi-dal', 'chicago', 'dallas', '2026-03-01', 'b'),
      ]);
    type Extra = Partial<Parameters<DocumentStore['findNear']>[1]>;
    const lane = (collection: string, extra: Extra = {}) =>
      store.findNear(collection, {
        field: 'origin',
        center: point('chicago') as { latitude: number; longitude: number },
        maxMiles: 50,
        filter: { orgId: { eq: 'a' } },
        also: {
          field: 'destination',
          center: point('dallas') as { latitude: number; longitude: number },
          maxMiles: 50,
        },
        thenBy: [{ field: 'day', direction: 'asc' }],
        ...extra,
      });
    const ids = (page: Awaited<ReturnType<typeof lane>>) => page.matches.map((match) => match.document.id);

    it('keeps the documents whose second point lies within the second radius, by distance then by the order asked', async () => {
      const collection = await ensure(definition(collectionName('lane')));
      await fill(collection);
      const found = await lane(collection);
      // Fort Worth is about 31 miles from Dallas, Houston about 225: out. A null destination is in no radius.
      expect(ids(found)).toEqual(['chi-dal-early', 'chi-fw', 'chi-dal-late', 'jol-dal']);
      expect(found.totalCount).toBe(4);
      expect(found.matches[3]?.miles).toBeGreaterThan(30);
      expect(found.matches[0]?.miles).toBe(0);
      // Paged with the same order and count.
      const second = await lane(collection, { skip: 1, limit: 2 });
      expect([second.totalCount, ids(second)]).toEqual([4, ['chi-fw', 'chi-dal-late']]);
      // Descending days at one distance.
      expect(ids(await lane(collection, { thenBy: [{ field: 'day', direction: 'desc' }] }))).toEqual([
        'chi-dal-late',
        'chi-fw',
        'chi-dal-early',
        'jol-dal',
      ]);
      // A narrower second radius leaves out Fort Worth; a wider first takes in Milwaukee.
      expect(
        ids(
          await lane(collection, {
            maxMiles: 100,
            also: {
              field: 'destination',
              center: point('dallas') as { latitude: number; longitude: number },
              maxMiles: 10,
            },
          }),
        ),
      ).toEqual(['chi-dal-early', 'chi-dal-late', 'jol-dal', 'mke-dal']);
    });

    it('without a second point, orders the documents at one distance as asked', async () => {
      const collection = await ensure(definition(collectionName('lane')));
      await fill(collection);
      const found = await lane(collection, { also: undefined, maxMiles: 1 });
      expect(ids(found)).toEqual([
        'chi-anywhere',
        'chi-atl',
        'chi-dal-early',
        'chi-hou',
        'chi-fw',
        'chi-dal-late',
      ]);
    });

    it('counts up to countLimit, and pages as without it, past the limit too', async () => {
      const collection = await ensure(definition(collectionName('lane')));
      await fill(collection);
      const wide = { maxMiles: 100, also: undefined };
      const all = await lane(collection, wide);
      expect(all.totalCount).toBe(8);
      // The count stops at the limit; the page is the same rows, in the same order.
      const capped = await lane(collection, { ...wide, countLimit: 3, limit: 2 });
      expect([capped.totalCount, ids(capped)]).toEqual([3, ids(all).slice(0, 2)]);
      // A page past the limit is still there, and the rows after the nearest distance too.
      const later = await lane(collection, { ...wide, countLimit: 3, skip: 5, limit: 3 });
      expect([later.totalCount, ids(later)]).toEqual([3, ids(all).slice(5, 8)]);
      expect(later.matches.map((match) => match.miles)).toEqual(all.matches.slice(5, 8).map((m) => m.miles));
      // A limit above the count changes nothing; along a lane likewise.
      expect((await lane(collection, { ...wide, countLimit: 100 })).totalCount).toBe(8);
      const along = await lane(collection, { countLimit: 2, skip: 1, limit: 2 });
      expect([along.totalCount, ids(along)]).toEqual([2, ['chi-fw', 'chi-dal-late']]);
    });

    it('refuses a second point field without a geo index', async () => {
      const collection = await ensure(definition(collectionName('lane')));
      await expect(
        lane(collection, { also: { field: 'day', center: { latitude: 0, longitude: 0 }, maxMiles: 1 } }),
      ).rejects.toThrow(/geo index/);
    });
  });
}
