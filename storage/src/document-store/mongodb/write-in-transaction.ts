import type { AnyBulkWriteOperation, ClientSession, Db } from 'mongodb';
import type { CollectionDefinition, WriteOperation } from '../port.ts';
import { type Fields, fieldsOf, idOf, incremented } from '../stored-document.ts';
import { fieldsOfStored, type StoredDocument, toStored } from './stored-document.ts';

interface Staged {
  fields: Fields | null;
  position: bigint | null;
  existed: boolean;
  changed: boolean;
}

function targetId(operation: WriteOperation): string {
  return operation.op === 'put' ? idOf(operation.document) : operation.id;
}

/** The position guard, applied to the staged state: the same rules the sqlite statements enforce. */
function apply(staged: Staged, operation: WriteOperation): void {
  const applies = staged.position === null || staged.position < operation.position;
  switch (operation.op) {
    case 'put':
      if (!applies) return;
      staged.fields = { ...fieldsOf(operation.document), id: targetId(operation) };
      staged.position = operation.position;
      break;
    case 'delete':
      if (staged.fields === null || !applies) return;
      staged.fields = null;
      staged.position = null;
      break;
    case 'increment':
      if (staged.fields !== null && !applies) return;
      staged.fields = incremented(staged.fields, operation);
      staged.position = operation.position;
      break;
  }
  staged.changed = true;
}

/**
 * Reads the touched documents, applies the batch to them in memory, then writes the outcome. The
 * guard cannot live in the write's filter: an upsert whose filter misses an existing `_id` raises a
 * duplicate key error, and inside a transaction any error aborts the whole transaction. Snapshot
 * reads plus write-conflict detection make the read-then-write safe; `withTransaction` retries the
 * whole callback after a conflict.
 */
export async function writeInTransaction(
  db: Db,
  session: ClientSession,
  operations: WriteOperation[],
  definitionOf: (collection: string) => Promise<CollectionDefinition>,
): Promise<void> {
  const byCollection = new Map<string, Map<string, Staged>>();
  const geoFields = new Map<string, string[]>();
  for (const operation of operations) {
    // Throws for a collection that was never ensured; nothing has been written yet.
    geoFields.set(operation.collection, (await definitionOf(operation.collection)).geoIndex ?? []);
    const staged = byCollection.get(operation.collection) ?? new Map<string, Staged>();
    staged.set(targetId(operation), { fields: null, position: null, existed: false, changed: false });
    byCollection.set(operation.collection, staged);
  }

  for (const [collection, staged] of byCollection) {
    const current = db
      .collection<StoredDocument>(collection)
      .find({ _id: { $in: [...staged.keys()] } }, { session });
    for await (const stored of current) {
      staged.set(stored._id, {
        fields: fieldsOfStored(stored),
        position: BigInt(stored.position),
        existed: true,
        changed: false,
      });
    }
  }

  for (const operation of operations) {
    const staged = byCollection.get(operation.collection)?.get(targetId(operation));
    if (staged) apply(staged, operation);
  }

  for (const [collection, staged] of byCollection) {
    const writes: AnyBulkWriteOperation<StoredDocument>[] = [];
    for (const [id, { fields, position, existed, changed }] of staged) {
      if (!changed) continue;
      if (fields === null || position === null) {
        if (existed) writes.push({ deleteOne: { filter: { _id: id } } });
      } else {
        writes.push({
          replaceOne: {
            filter: { _id: id },
            replacement: toStored(fields, id, position, geoFields.get(collection)),
            upsert: true,
          },
        });
      }
    }
    if (writes.length > 0)
      await db.collection<StoredDocument>(collection).bulkWrite(writes, { session, ordered: true });
  }
}
