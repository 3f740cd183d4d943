import { describe, expect, it } from 'vitest';
import type { CollectionDefinition, DocumentStore } from '../port.ts';
import { type ContractUse, collectionName } from './fixtures.ts';

/** Near queries: points within a radius of a place, nearest first. */
export function geoContract(use: ContractUse): void {
  describe('near queries', () => {
    const { store, ensure } = use;

    /** The spherical law of cosines: a great-circle formula other than the stores' haversine. */
    const independentMiles = (a: [number, number], b: [number, number]) => {
      const rad = Math.PI / 180;
      const cos =
        Math.sin(a[0] * rad) * Math.sin(b[0] * rad) +
        Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.cos((b[1] - a[1]) * rad);
      return 3958.8 * Math.acos(Math.min(1, Math.max(-1, cos)));
    };
    const chicago: [number, number] = [41.8781, -87.6298];
    const places: Record<string, [number, number]> = {
      chicago,
      milwaukee: [43.0389, -87.9065],
      peoria: [40.6936, -89.589],
      indianapolis: [39.7684, -86.1581],
      stLouis: [38.627, -90.1994],
      dallas: [32.7767, -96.797],
      adak: [51.88, -176.6581],
      attu: [52.9311, 173.1814],
    };
    const definition = (name: string): CollectionDefinition => ({
      name,
      fields: {
        orgId: 'text',
        kind: 'text',
        'location.latitude': 'number',
        'location.longitude': 'number',
      },
      indexes: [['orgId', 'location.latitude', 'location.longitude']],
      geoIndex: ['location'],
    });
    const at = (id: string, orgId: string, place: string | null, kind = 'truck') => ({
      op: 'put' as const,
      collection: '',
      document: {
        id,
        orgId,
        kind,
        location: place === null ? null : { latitude: places[place]?.[0], longitude: places[place]?.[1] },
      },
      position: 1n,
    });
    const fill = async (collection: string) =>
      store.write(
        [
          at('a-chicago', 'a', 'chicago'),
          at('b-chicago-twin', 'a', 'chicago'),
          at('a-milwaukee', 'a', 'milwaukee', 'load'),
          at('a-peoria', 'a', 'peoria'),
          at('a-indianapolis', 'a', 'indianapolis'),
          at('a-st-louis', 'a', 'stLouis'),
          at('a-dallas', 'a', 'dallas'),
          at('a-nowhere', 'a', null),
          at('a-adak', 'a', 'adak'),
          at('a-attu', 'a', 'attu'),
          at('other-org-chicago', 'b', 'chicago'),
        ].map((operation) => ({ ...operation, collection })),
      );
    type NearExtra = Partial<Parameters<DocumentStore['findNear']>[1]>;
    const nearPage = (collection: string, extra: NearExtra = {}) =>
      store.findNear(collection, {
        field: 'location',
        center: { latitude: chicago[0], longitude: chicago[1] },
        maxMiles: 200,
        filter: { orgId: { eq: 'a' } },
        ...extra,
      });
    const near = async (collection: string, extra: NearExtra = {}) =>
      (await nearPage(collection, extra)).matches;

    it('answers the points within the radius, nearest first, with their great-circle miles', async () => {
      const collection = await ensure(definition(collectionName('near')));
      await fill(collection);
      const found = await near(collection);
      expect(found.map((match) => match.document.id)).toEqual([
        'a-chicago',
        'b-chicago-twin',
        'a-milwaukee',
        'a-peoria',
        'a-indianapolis',
      ]);
      for (const match of found) {
        const place = match.document.location as { latitude: number; longitude: number };
        expect(match.miles).toBeCloseTo(independentMiles(chicago, [place.latitude, place.longitude]), 6);
      }
      expect(found[2]?.miles).toBeCloseTo(81.4, 1);
      expect((await nearPage(collection, { limit: 1 })).totalCount).toBe(5);
      // St. Louis is about 262.3 miles away: inside 262.4, outside 262.2.
      expect((await near(collection, { maxMiles: 262.4 })).map((m) => m.document.id)).toContain('a-st-louis');
      expect((await near(collection, { maxMiles: 262.2 })).map((m) => m.document.id)).not.toContain(
        'a-st-louis',
      );
    });

    it('pages, filters, and leaves out points the map does not know and other organizations', async () => {
      const collection = await ensure(definition(collectionName('near')));
      await fill(collection);
      const pages = [
        await near(collection, { limit: 2 }),
        await near(collection, { skip: 2, limit: 2 }),
        await near(collection, { skip: 4, limit: 2 }),
      ];
      expect(pages.map((page) => page.map((match) => match.document.id))).toEqual([
        ['a-chicago', 'b-chicago-twin'],
        ['a-milwaukee', 'a-peoria'],
        ['a-indianapolis'],
      ]);
      // Counted in all, whatever the page.
      expect((await nearPage(collection, { skip: 4, limit: 2 })).totalCount).toBe(5);
      // Only the points it accepts: here those north of Chicago.
      const north = await nearPage(collection, { acceptPoint: (point) => point.latitude > chicago[0] });
      expect([north.totalCount, north.matches.map((match) => match.document.id)]).toEqual([
        1,
        ['a-milwaukee'],
      ]);
      const loads = await near(collection, { filter: { orgId: { eq: 'a' }, kind: { eq: 'load' } } });
      expect(loads.map((match) => match.document.id)).toEqual(['a-milwaukee']);
      const everywhere = await near(collection, { maxMiles: 5000, filter: { orgId: { eq: 'a' } } });
      expect(everywhere.map((match) => match.document.id)).not.toContain('a-nowhere');
      expect(everywhere.map((match) => match.document.id)).not.toContain('other-org-chicago');
    });

    it('crosses the 180th meridian', async () => {
      const collection = await ensure(definition(collectionName('near')));
      await fill(collection);
      const found = await near(collection, {
        center: { latitude: places.adak?.[0] ?? 0, longitude: places.adak?.[1] ?? 0 },
        maxMiles: 600,
      });
      expect(found.map((match) => match.document.id)).toEqual(['a-adak', 'a-attu']);
      expect(found[1]?.miles).toBeCloseTo(
        independentMiles(places.adak as [number, number], places.attu as [number, number]),
        6,
      );
    });

    it('follows moves and removals, and answers the same before and after its index is built', async () => {
      const name = collectionName('near');
      await store.ensureCollection(definition(name), { deferIndexes: true });
      use.adopt(name);
      await fill(name);
      const before = await near(name);
      await store.createIndexes(name);
      expect(await near(name)).toEqual(before);
      await store.write([
        { ...at('a-peoria', 'a', 'dallas'), collection: name, position: 2n },
        { op: 'delete', collection: name, id: 'a-milwaukee', position: 2n },
        { ...at('a-st-louis', 'a', 'chicago'), collection: name, position: 2n },
      ]);
      expect((await near(name)).map((match) => match.document.id)).toEqual([
        'a-chicago',
        'a-st-louis',
        'b-chicago-twin',
        'a-indianapolis',
      ]);
    });

    it("answers as before when the collection takes another one's place", async () => {
      const target = await ensure(definition(collectionName('near')));
      const source = collectionName('near_next');
      await store.ensureCollection(definition(source));
      await fill(source);
      await store.replaceCollections([{ target, source }], []);
      expect((await near(target)).map((match) => match.document.id)).toHaveLength(5);
      await store.write([{ ...at('a-dallas', 'a', 'milwaukee'), collection: target, position: 3n }]);
      expect((await near(target)).map((match) => match.document.id)).toContain('a-dallas');
    });
  });
}
