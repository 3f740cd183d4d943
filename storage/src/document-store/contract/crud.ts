import { describe, expect, it } from 'vitest';
import type { CollectionDefinition } from '../port.ts';
import { type ContractUse, collectionName, truckCollection, truckDocument, trucks } from './fixtures.ts';

/** Collections, and the writes of documents and counters: puts, deletes, increments, batches, positions. */
export function crudContract(use: ContractUse): void {
  describe('collections and writes', () => {
    const { store, ensure } = use;

    it('ensures a collection idempotently, keeping its documents', async () => {
      const definition = truckCollection();
      const collection = await ensure(definition);
      await store.write([{ op: 'put', collection, document: { id: 'a', name: 'Atlas' }, position: 1n }]);
      await store.ensureCollection(definition);

      expect(await store.get(collection, 'a')).toEqual({ id: 'a', name: 'Atlas', position: '1' });
    });

    it('queries a field declared after documents were written', async () => {
      const definition: CollectionDefinition = {
        name: collectionName('members'),
        fields: { name: 'text' },
      };
      const collection = await ensure(definition);
      await store.write([
        { op: 'put', collection, document: { id: 'a', name: 'Ann', role: 'admin' }, position: 1n },
        { op: 'put', collection, document: { id: 'b', name: 'Bob', role: 'driver' }, position: 2n },
      ]);
      await store.ensureCollection({ ...definition, fields: { ...definition.fields, role: 'text' } });

      const found = await store.find(collection, { filter: { role: { eq: 'driver' } } });
      expect(found.map((document) => document.id)).toEqual(['b']);
    });

    it('puts and gets a document with the position as a decimal string', async () => {
      const collection = await ensure(truckCollection());
      const document = truckDocument(trucks[0]!);
      await store.write([{ op: 'put', collection, document, position: 9_007_199_254_740_993n }]);

      expect(await store.get(collection, 't01')).toEqual({ ...document, position: '9007199254740993' });
      expect(await store.get(collection, 'missing')).toBeNull();
    });

    it('ignores a put at or below the stored position and applies one above', async () => {
      const collection = await ensure(truckCollection());
      await store.write([{ op: 'put', collection, document: { id: 'a', name: 'v10' }, position: 10n }]);
      await store.write([{ op: 'put', collection, document: { id: 'a', name: 'same' }, position: 10n }]);
      await store.write([{ op: 'put', collection, document: { id: 'a', name: 'older' }, position: 9n }]);
      expect(await store.get(collection, 'a')).toEqual({ id: 'a', name: 'v10', position: '10' });

      await store.write([{ op: 'put', collection, document: { id: 'a', name: 'v11' }, position: 11n }]);
      expect(await store.get(collection, 'a')).toEqual({ id: 'a', name: 'v11', position: '11' });
    });

    it('ignores a delete at or below the stored position and applies one above', async () => {
      const collection = await ensure(truckCollection());
      await store.write([{ op: 'put', collection, document: { id: 'a', name: 'Atlas' }, position: 10n }]);
      await store.write([{ op: 'delete', collection, id: 'a', position: 10n }]);
      await store.write([{ op: 'delete', collection, id: 'a', position: 3n }]);
      expect(await store.get(collection, 'a')).not.toBeNull();

      await store.write([{ op: 'delete', collection, id: 'a', position: 11n }]);
      expect(await store.get(collection, 'a')).toBeNull();
      await store.write([{ op: 'delete', collection, id: 'never-there', position: 12n }]);
    });

    it('creates a document on increment from its insert fields with counters from zero', async () => {
      const collection = await ensure(truckCollection());
      await store.write([
        {
          op: 'increment',
          collection,
          id: 'stats',
          insert: { orgId: 'org-1', label: 'Deliveries' },
          by: { loads: 2, km: 150.5, 'totals.stops': 3 },
          position: 5n,
        },
      ]);

      expect(await store.get(collection, 'stats')).toEqual({
        id: 'stats',
        orgId: 'org-1',
        label: 'Deliveries',
        loads: 2,
        km: 150.5,
        totals: { stops: 3 },
        position: '5',
      });
    });

    it('ignores an increment at or below the stored position and applies one above', async () => {
      const collection = await ensure(truckCollection());
      const increment = (by: Record<string, number>, position: bigint) =>
        store.write([{ op: 'increment', collection, id: 'stats', insert: { label: 'x' }, by, position }]);
      await increment({ loads: 1 }, 5n);
      await increment({ loads: 1 }, 5n);
      await increment({ loads: 1 }, 4n);
      expect(await store.get(collection, 'stats')).toMatchObject({ loads: 1, position: '5' });

      await increment({ loads: 2, trips: 1 }, 6n);
      expect(await store.get(collection, 'stats')).toEqual({
        id: 'stats',
        label: 'x',
        loads: 3,
        trips: 1,
        position: '6',
      });
    });

    it('applies a batch in order', async () => {
      const collection = await ensure(truckCollection());
      await store.write([
        { op: 'put', collection, document: { id: 'a', name: 'Atlas', loads: 0 }, position: 1n },
        { op: 'increment', collection, id: 'a', insert: {}, by: { loads: 4 }, position: 2n },
        { op: 'put', collection, document: { id: 'b', name: 'Boreas' }, position: 2n },
        { op: 'delete', collection, id: 'b', position: 3n },
      ]);

      expect(await store.get(collection, 'a')).toEqual({ id: 'a', name: 'Atlas', loads: 4, position: '2' });
      expect(await store.get(collection, 'b')).toBeNull();
    });

    it('applies a batch that may be written in parts, leaving no mark once written', async () => {
      const collection = await ensure(truckCollection());
      const marks = await ensure({ name: collectionName('marks'), fields: {} });
      await store.write(
        [
          ...Array.from({ length: 500 }, (_, n) => ({
            op: 'put' as const,
            collection,
            document: { id: `t${n}`, name: `Truck ${n}` },
            position: 1n,
          })),
          { op: 'increment', collection, id: 't0', insert: {}, by: { loads: 2 }, position: 2n },
        ],
        { unsettled: { collection: marks, id: 'batch' } },
      );

      expect(await store.count(collection)).toBe(500);
      expect(await store.get(collection, 't0')).toEqual({
        id: 't0',
        name: 'Truck 0',
        loads: 2,
        position: '2',
      });
      expect(await store.get(marks, 'batch')).toBeNull();
    });

    it('writes a batch given the one before it once that one is written, and none of it if that one fails', async () => {
      const collection = await ensure(truckCollection());
      let settle!: () => void;
      const before = new Promise<void>((resolve) => {
        settle = resolve;
      });
      let written = false;
      const waiting = store
        .write([{ op: 'put', collection, document: { id: 'a', name: 'Atlas' }, position: 1n }], {
          after: before,
        })
        .then(() => {
          written = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(written).toBe(false);
      expect(await store.get(collection, 'a')).toBeNull();
      settle();
      await waiting;
      expect(await store.get(collection, 'a')).toEqual({ id: 'a', name: 'Atlas', position: '1' });

      const failed = Promise.reject(new Error('the batch before was not written'));
      await expect(
        store.write(
          [
            { op: 'put', collection, document: { id: 'b', name: 'Boreas' }, position: 2n },
            { op: 'delete', collection, id: 'a', position: 2n },
          ],
          { after: failed },
        ),
      ).rejects.toThrow('the batch before was not written');
      expect(await store.get(collection, 'b')).toBeNull();
      expect(await store.get(collection, 'a')).toEqual({ id: 'a', name: 'Atlas', position: '1' });
    });

    it('applies nothing of a batch that fails part way', async () => {
      const collection = await ensure(truckCollection());
      await store.write([{ op: 'put', collection, document: { id: 'kept', name: 'before' }, position: 1n }]);

      const failing = store.write([
        { op: 'put', collection, document: { id: 'kept', name: 'after' }, position: 2n },
        { op: 'put', collection, document: { id: 'new', name: 'New' }, position: 2n },
        { op: 'put', collection: collectionName('never_ensured'), document: { id: 'x' }, position: 2n },
        { op: 'delete', collection, id: 'kept', position: 3n },
      ]);

      await expect(failing).rejects.toThrow(/never_ensured/);
      expect(await store.get(collection, 'kept')).toEqual({ id: 'kept', name: 'before', position: '1' });
      expect(await store.get(collection, 'new')).toBeNull();
    });

    it('rejects invalid collection names and undeclared collections', async () => {
      await expect(store.ensureCollection({ name: 'Trucks', fields: {} })).rejects.toThrow();
      await expect(store.ensureCollection({ name: 'trucks; drop', fields: {} })).rejects.toThrow();
      await expect(
        store.ensureCollection({ name: 'trucks', fields: { "a') --": 'text' } }),
      ).rejects.toThrow();
      await expect(store.find(collectionName('never_ensured'), {})).rejects.toThrow();
    });

    it('forgets a dropped collection', async () => {
      const definition = truckCollection();
      await store.ensureCollection(definition);
      await store.write([{ op: 'put', collection: definition.name, document: { id: 'a' }, position: 1n }]);
      await store.dropCollection(definition.name);

      await expect(store.get(definition.name, 'a')).rejects.toThrow();
      const collection = await ensure(definition);
      expect(await store.count(collection)).toBe(0);
    });
  });
}
