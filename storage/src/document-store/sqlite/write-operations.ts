import type { WriteOperation } from '../port.ts';
import { type Fields, fieldsOf, idOf, incremented } from '../stored-document.ts';
import type { CollectionCatalog } from './collection-catalog.ts';
import { tableOf } from './collection-schema.ts';
import type { StatementCache } from './statement-cache.ts';

// Every statement carries the position guard, so replaying events already applied changes nothing.
const upsertSql = (table: string) =>
  `INSERT INTO ${table} (id, doc, position) VALUES (?, ?, ?)
   ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, position = excluded.position
   WHERE excluded.position > ${table}.position`;
const deleteSql = (table: string) => `DELETE FROM ${table} WHERE id = ? AND position < ?`;
const currentSql = (table: string) => `SELECT doc, position < ? AS applies FROM ${table} WHERE id = ?`;

/** Applies the operations in order; the caller runs this inside one write transaction. */
export function applyOperations(
  statements: StatementCache,
  catalog: CollectionCatalog,
  operations: WriteOperation[],
): void {
  for (const operation of operations) {
    // Throws for a collection that was never ensured, which rolls the whole batch back.
    catalog.get(operation.collection);
    const table = tableOf(operation.collection);
    switch (operation.op) {
      case 'put': {
        const fields = fieldsOf(operation.document);
        statements
          .get(upsertSql(table))
          .run(idOf(operation.document), JSON.stringify(fields), operation.position);
        break;
      }
      case 'delete':
        statements.get(deleteSql(table)).run(operation.id, operation.position);
        break;
      case 'increment': {
        const row = statements.get(currentSql(table)).get(operation.position, operation.id) as
          | { doc: string; applies: number }
          | undefined;
        if (row && !row.applies) break;
        const current = row ? (JSON.parse(row.doc) as Fields) : null;
        // Just parsed: nothing else holds it, so it is counted on in place.
        const fields = incremented(current, operation, true);
        statements.get(upsertSql(table)).run(operation.id, JSON.stringify(fields), operation.position);
        break;
      }
    }
  }
}
