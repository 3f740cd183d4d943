import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * The read models of a data folder as SQLite tables, read-only: in the first file, or in the file a
 * rebuild joined to it (`document_placements`, see storage's file-set-store.ts). The places are read
 * again at each call, so a reader follows a switch made meanwhile.
 */
export function readModelFiles(dir: string) {
  const first = new DatabaseSync(join(dir, 'read-models.sqlite'), { readOnly: true });
  const joined = new Map<string, DatabaseSync>();
  const fileOf = (file: string) => {
    let db = joined.get(file);
    if (!db) {
      db = new DatabaseSync(join(dir, `read-models.${file}.sqlite`), { readOnly: true });
      joined.set(file, db);
    }
    return db;
  };
  return {
    /** Where a read model's rows are, and its table's name there. */
    tableOf(collection: string): { db: DatabaseSync; table: string } {
      const placed =
        first.prepare("SELECT 1 FROM sqlite_master WHERE name = 'docs_document_placements'").get() &&
        (first.prepare('SELECT doc FROM "docs_document_placements" WHERE id = ?').get(collection) as
          | { doc: string }
          | undefined);
      if (!placed) return { db: first, table: `docs_${collection}` };
      const { file, stored } = JSON.parse(placed.doc) as { file: string; stored: string };
      return { db: fileOf(file), table: `docs_${stored}` };
    },
    close() {
      for (const db of [first, ...joined.values()]) db.close();
    },
  };
}
