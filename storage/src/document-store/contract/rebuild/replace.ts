import { describe, expect, it } from 'vitest';
import { type ContractUse, collectionName, truckCollection } from '../fixtures.ts';

/** A collection built beside another put in its place in one switch, as a rebuild ends. */
export function replaceContract(use: ContractUse): void {
  describe('collections replaced', () => {
    const { store, ensure } = use;

    it('puts a collection built beside another in its place, with the operations, in one switch', async () => {
      const served = await ensure({ ...truckCollection(), indexes: [['active', 'name']] });
      const built = { ...truckCollection(), indexes: [['active', 'name']] };
      await store.ensureCollection(built, { deferIndexes: true });
      const checkpoints = await ensure({ name: collectionName('checkpoints'), fields: {} });
      await store.write([
        { op: 'put', collection: served, document: { id: 'old', name: 'Old', active: true }, position: 5n },
        {
          op: 'put',
          collection: built.name,
          document: { id: 'a', name: 'Atlas', active: true },
          position: 4n,
        },
        {
          op: 'put',
          collection: built.name,
          document: { id: 'b', name: 'Borealis', active: false },
          position: 6n,
        },
        { op: 'put', collection: checkpoints, document: { id: 'live' }, position: 5n },
      ]);
      await store.createIndexes(built.name);

      await store.replaceCollections(
        [{ target: served, source: built.name }],
        [{ op: 'put', collection: checkpoints, document: { id: 'live' }, position: 6n }],
      );

      expect(await store.get(served, 'old')).toBeNull();
      expect(await store.find(served, { filter: { active: { eq: true } } })).toEqual([
        { id: 'a', name: 'Atlas', active: true, position: '4' },
      ]);
      expect((await store.get(checkpoints, 'live'))?.position).toBe('6');
      await expect(store.get(built.name, 'a')).rejects.toThrow();
      // Ensuring the served collection again keeps what it now holds.
      await store.ensureCollection({ ...truckCollection(), name: served, indexes: [['active', 'name']] });
      expect(await store.count(served)).toBe(2);
      await store.write([{ op: 'delete', collection: served, id: 'b', position: 7n }]);
      expect(await store.count(served)).toBe(1);
    });
  });
}
