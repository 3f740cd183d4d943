import { beforeEach, describe, expect, it } from 'vitest';
import type { DocumentStore } from '../../port.ts';
import { type ContractUse, collectionName, truckCollection, truckDocument, trucks } from '../fixtures.ts';

/** A collection loaded with its indexes deferred, as a rebuild fills one, then indexed. */
export function deferredIndexesContract(use: ContractUse): void {
  describe('indexes deferred while a collection is loaded', () => {
    let store: DocumentStore;
    beforeEach(() => {
      store = use.store();
    });

    it('loads a collection with its indexes deferred, then creates them, answering the same', async () => {
      const definition = truckCollection();
      await store.ensureCollection(definition, { deferIndexes: true });
      use.adopt(definition.name);
      const collection = definition.name;
      await store.write(
        trucks.map((truck, i) => ({
          op: 'put' as const,
          collection,
          document: truckDocument(truck),
          position: BigInt(i + 1),
        })),
      );
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
