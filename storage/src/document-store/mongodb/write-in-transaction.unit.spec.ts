import type { ClientSession, Db } from 'mongodb';
import { BSON } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WriteOperation } from '../port.ts';
import { type StoredDocument, toDocument } from './stored-document.ts';
import { writeInTransaction } from './write-in-transaction.ts';

/** Just enough of a database for the write path: lookups by _id and ordered bulk writes. */
class FakeCollection {
  readonly documents = new Map<string, Uint8Array>();

  async *find(filter: { _id: { $in: string[] } }) {
    for (const id of filter._id.$in) {
      const stored = this.documents.get(id);
      if (stored) yield BSON.deserialize(stored, { useBigInt64: true }) as StoredDocument;
    }
  }

  async bulkWrite(
    writes: (
      | { replaceOne: { filter: { _id: string }; replacement: StoredDocument } }
      | { deleteOne: { filter: { _id: string } } }
    )[],
  ) {
    for (const write of writes) {
      if ('replaceOne' in write) {
        this.documents.set(write.replaceOne.filter._id, BSON.serialize(write.replaceOne.replacement));
      } else {
        this.documents.delete(write.deleteOne.filter._id);
      }
    }
  }

  read(id: string) {
    const stored = this.documents.get(id);
    return stored ? toDocument(BSON.deserialize(stored, { useBigInt64: true }) as StoredDocument) : null;
  }
}

describe('MongoDB writes', () => {
  let trucks: FakeCollection;
  let db: Db;
  const write = (operations: WriteOperation[]) =>
    writeInTransaction(db, {} as ClientSession, operations, async (name) => {
      if (name !== 'trucks') throw new Error(`Collection ${name} does not exist`);
      return { name, fields: {} };
    });

  beforeEach(() => {
    trucks = new FakeCollection();
    db = { collection: () => trucks } as unknown as Db;
  });

  it('stores the id as _id and the position as a 64-bit integer', async () => {
    await write([
      { op: 'put', collection: 'trucks', document: { id: 'a', name: 'Atlas' }, position: 2n ** 60n },
    ]);
    const raw = BSON.deserialize(trucks.documents.get('a')!, { promoteLongs: false });
    expect(raw._id).toBe('a');
    expect(raw.id).toBeUndefined();
    expect(raw.position).toBeInstanceOf(BSON.Long);
    expect(trucks.read('a')).toEqual({ id: 'a', name: 'Atlas', position: '1152921504606846976' });
  });

  it('applies the position guard to put, delete and increment', async () => {
    await write([{ op: 'put', collection: 'trucks', document: { id: 'a', name: 'v10' }, position: 10n }]);
    await write([
      { op: 'put', collection: 'trucks', document: { id: 'a', name: 'same' }, position: 10n },
      { op: 'delete', collection: 'trucks', id: 'a', position: 9n },
      { op: 'increment', collection: 'trucks', id: 'a', insert: {}, by: { loads: 1 }, position: 10n },
    ]);
    expect(trucks.read('a')).toEqual({ id: 'a', name: 'v10', position: '10' });

    await write([
      { op: 'increment', collection: 'trucks', id: 'a', insert: {}, by: { loads: 1 }, position: 11n },
      {
        op: 'increment',
        collection: 'trucks',
        id: 'b',
        insert: { name: 'new' },
        by: { loads: 3 },
        position: 11n,
      },
    ]);
    expect(trucks.read('a')).toEqual({ id: 'a', name: 'v10', loads: 1, position: '11' });
    expect(trucks.read('b')).toEqual({ id: 'b', name: 'new', loads: 3, position: '11' });

    await write([{ op: 'delete', collection: 'trucks', id: 'a', position: 12n }]);
    expect(trucks.read('a')).toBeNull();
  });

  it('writes nothing when an operation names an unknown collection', async () => {
    const failing = write([
      { op: 'put', collection: 'trucks', document: { id: 'a' }, position: 1n },
      { op: 'put', collection: 'nowhere', document: { id: 'b' }, position: 1n },
    ]);
    await expect(failing).rejects.toThrow(/nowhere/);
    expect(trucks.documents.size).toBe(0);
  });
});
