import { describe, expect, it } from 'vitest';
import { type ContractUse, collectionName, fleetPuts, truckCollection } from '../fixtures.ts';

/** A collection loaded with its indexes deferred, as a rebuild fills one, then indexed. */
export function deferredIndexesContract(use: ContractUse): void {
  describe('indexes deferred while a collection is loaded', () => {
    const { store } = use;

    it('loads a collection with its indexes deferred, then creates them, answering the same', async () => {
      const definition = truckCollection();
      await store.ensureCollection(definition, { deferIndexes: true });
      use.adopt(definition.name);
      const collection = definition.name;
      await store.write(fleetPuts(collection));
      const query = {
        filter: { active: { eq: true }, 'location.city': { in: ['Lyon', 'Paris'] } },
        sort: [{ field: 'capacityKg', direction: 'desc' as const }],
        limit: 3,
      };
      expect((await store.find(collection, query)).map((document) => document.id)).toEqual([
        't11',
        't25',
        't24',
      ]);
      await store.createIndexes(collection);
      await store.createIndexes(collection);
      await store.ensureCollection(definition);
      expect((await store.find(collection, query)).map((document) => document.id)).toEqual([
        't11',
        't25',
        't24',
      ]);
      expect(await store.count(collection, { name: { contains: 'atlas' }, capacityKg: { gt: 12000 } })).toBe(
        1,
      );
      await expect(store.createIndexes(collectionName('never_ensured'))).rejects.toThrow();
    });
  });
}
