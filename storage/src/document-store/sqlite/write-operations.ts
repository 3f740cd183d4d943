import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { inWriteTransaction } from '../../sqlite/open-database.ts';
import type { WriteOperation } from '../port.ts';
import { type Fields, fieldsOf, idOf, incremented } from '../stored-document.ts';
import type { CollectionCatalog } from './collection-catalog.ts';
import { tableOf } from './collection-schema.ts';

/**
 * A write operation as the writer applies it: the collection checked against the catalog and each
 * document serialised by the caller, so the writer (possibly on another thread) only runs SQL.
 */
export type EncodedOperation =
  | { op: 'put'; table: string; id: string; json: string; position: bigint }
  | { op: 'delete'; table: string; id: string; position: bigint }
  | {
      op: 'increment';
      table: string;
      id: string;
      insert: Record<string, unknown>;
      by: Record<string, number>;
      position: bigint;
    };

/** Throws for a collection that was never ensured, before anything is written. */
export function encodeOperations(
  catalog: CollectionCatalog,
  operations: WriteOperation[],
): EncodedOperation[] {
  const encoded: EncodedOperation[] = new Array(operations.length);
  for (let index = 0; index < operations.length; index++) {
    const operation = operations[index] as WriteOperation;
    catalog.get(operation.collection);
    const table = tableOf(operation.collection);
    const { position } = operation;
    if (operation.op === 'put') {
      const json = JSON.stringify(fieldsOf(operation.document));
      encoded[index] = { op: 'put', table, id: idOf(operation.document), json, position };
    } else if (operation.op === 'delete') {
      encoded[index] = { op: 'delete', table, id: operation.id, position };
    } else {
      const { id, insert, by } = operation;
      encoded[index] = { op: 'increment', table, id, insert, by, position };
    }
  }
  return encoded;
}

interface TableStatements {
  upsert: StatementSync;
  delete: StatementSync;
  current: StatementSync;
}

/**
 * Applies encoded operations in one write transaction, in order. Every statement carries the
 * position guard, so replaying events already applied changes nothing. Statements are prepared
 * once per table (SQLite prepares them again by itself should the table be dropped and created).
 */
export class OperationWriter {
  readonly #db: DatabaseSync;
  readonly #tables = new Map<string, TableStatements>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  #statements(table: string): TableStatements {
    let statements = this.#tables.get(table);
    if (!statements) {
      statements = {
        upsert: this.#db.prepare(
          `INSERT INTO ${table} (id, doc, position) VALUES (?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, position = excluded.position
           WHERE excluded.position > ${table}.position`,
        ),
        delete: this.#db.prepare(`DELETE FROM ${table} WHERE id = ? AND position < ?`),
        current: this.#db.prepare(`SELECT doc, position < ? AS applies FROM ${table} WHERE id = ?`),
      };
      this.#tables.set(table, statements);
    }
    return statements;
  }

  apply(operations: EncodedOperation[]): void {
    inWriteTransaction(this.#db, () => this.applyWithin(operations));
  }

  /** Applies the operations inside the caller's write transaction. */
  applyWithin(operations: EncodedOperation[]): void {
    for (const operation of operations) this.#applyOne(operation);
  }

  #applyOne(operation: EncodedOperation): void {
    const statements = this.#statements(operation.table);
    if (operation.op === 'put') {
      statements.upsert.run(operation.id, operation.json, operation.position);
    } else if (operation.op === 'delete') {
      statements.delete.run(operation.id, operation.position);
    } else {
      const row = statements.current.get(operation.position, operation.id) as
        | { doc: string; applies: number }
        | undefined;
      if (row && !row.applies) return;
      const current = row ? (JSON.parse(row.doc) as Fields) : null;
      // Just parsed: nothing else holds it, so it is counted on in place.
      const fields = incremented(current, operation, true);
      statements.upsert.run(operation.id, JSON.stringify(fields), operation.position);
    }
  }

  /** Statements of dropped tables are let go. */
  clear(): void {
    this.#tables.clear();
  }
}
