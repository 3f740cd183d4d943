import type { DatabaseSync } from 'node:sqlite';
import { idField, singlyIndexedFields } from '../collection-definition.ts';
import type { CollectionDefinition } from '../port.ts';

// Names below are built only from validated collection names and field paths (see collection-definition.ts).

export function tableOf(collection: string): string {
  return `"docs_${collection}"`;
}

export function columnOf(field: string): string {
  return field === idField ? 'id' : `"f:${field}"`;
}

function indexName(collection: string, fields: string[]): string {
  return `"docs_${collection}:${fields.join(',')}"`;
}

function extract(field: string): string {
  return `json_extract(doc, '$.${field}')`;
}

/**
 * Each declared field is a generated column, so filters and sorts read a typed value from the row
 * (or straight from an index) instead of parsing the JSON. STORED when the table is created, since
 * queries outnumber writes and a stored value is read without re-parsing; a field declared later can
 * only be added as VIRTUAL (SQLite cannot add stored columns), which its index makes just as fast.
 * JSON true/false come out as 1/0, which is how booleans are compared.
 */
export function ensureTable(
  db: DatabaseSync,
  definition: CollectionDefinition,
  options: { indexes: boolean } = { indexes: true },
): void {
  const table = tableOf(definition.name);
  const fields = Object.keys(definition.fields).filter((field) => field !== idField);
  const generated = (field: string, storage: 'STORED' | 'VIRTUAL') =>
    `${columnOf(field)} GENERATED ALWAYS AS (${extract(field)}) ${storage}`;

  db.exec(`CREATE TABLE IF NOT EXISTS ${table} (
    id TEXT PRIMARY KEY NOT NULL,
    doc TEXT NOT NULL,
    position INTEGER NOT NULL
    ${fields.map((field) => `, ${generated(field, 'STORED')}`).join('')}
  )`);

  const existing = new Set(
    (db.prepare(`PRAGMA table_xinfo(${table})`).all() as { name: string }[]).map((column) => column.name),
  );
  for (const field of fields) {
    if (!existing.has(`f:${field}`))
      db.exec(`ALTER TABLE ${table} ADD COLUMN ${generated(field, 'VIRTUAL')}`);
  }

  if (options.indexes) ensureIndexes(db, definition);
}

/** The column lists of a table's own indexes, as "a,b,id". */
function indexedColumns(db: DatabaseSync, table: string): Set<string> {
  const indexes = db.prepare(`PRAGMA index_list(${table})`).all() as { name: string; origin: string }[];
  return new Set(
    indexes
      .filter((index) => index.origin === 'c')
      .map((index) =>
        (
          db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').all(index.name) as {
            name: string;
          }[]
        )
          .map((column) => column.name)
          .join(','),
      ),
  );
}

/**
 * Creates the declared indexes that do not exist yet. An index is known by its columns, not its name:
 * a table that took another's place (`replaceCollections`) keeps the indexes built under its first name.
 */
export function ensureIndexes(db: DatabaseSync, definition: CollectionDefinition): void {
  const table = tableOf(definition.name);
  const existing = indexedColumns(db, table);
  // The id at the end of every index serves the tie-break of sorted, paged queries.
  const indexes = [...singlyIndexedFields(definition).map((field) => [field]), ...(definition.indexes ?? [])];
  for (const index of indexes) {
    const columns = [...index.filter((field) => field !== idField), idField].map(columnOf);
    if (existing.has(columns.map((column) => column.replaceAll('"', '')).join(','))) continue;
    db.exec(
      `CREATE INDEX IF NOT EXISTS ${indexName(definition.name, index)} ON ${table} (${columns.join(', ')})`,
    );
  }
}

export function renameTable(db: DatabaseSync, from: string, to: string): void {
  db.exec(`ALTER TABLE ${tableOf(from)} RENAME TO ${tableOf(to)}`);
}

export function dropTable(db: DatabaseSync, collection: string): void {
  db.exec(`DROP TABLE IF EXISTS ${tableOf(collection)}`);
}
