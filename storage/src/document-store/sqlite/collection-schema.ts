import { createHash, randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { idField, singlyIndexedFields } from '../collection-definition.ts';
import type { CollectionDefinition } from '../port.ts';
import type { CollectionCatalog } from './collection-catalog.ts';

// Names below are built only from validated collection names and field paths (see collection-definition.ts).

export function tableOf(collection: string): string {
  return `"docs_${collection}"`;
}

export function columnOf(field: string): string {
  return field === idField ? 'id' : `"f:${field}"`;
}

/**
 * A name for a new index of the collection that no index has yet. Index names are the database's, not
 * the table's, and an index keeps its name when its table takes another's place (`replaceCollections`):
 * the next rebuild's table of the same name finds its indexes' names taken by the table in service.
 */
function freeIndexName(db: DatabaseSync, collection: string, fields: string[]): string {
  const taken = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?");
  const base = `docs_${collection}:${fields.join(',')}`;
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}~${n}`;
    if (!taken.get(name)) return `"${name}"`;
  }
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
  // Every column is STORED, a point's coordinates too: SQLite computes a table's generated columns,
  // VIRTUAL ones included, whenever a row is written, so VIRTUAL spares the writes nothing, while an
  // index over a VIRTUAL column parses every row's document again to be built (at a million rows the
  // points' indexes were each table's slowest to build: 26 s of the 105 s all B-tree indexes took).
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
 * Indexes built over rows already there are followed by statistics (ANALYZE), from which the planner
 * learns, for one, that an organization's rows are many and a rare text match is few.
 */
export function ensureIndexes(db: DatabaseSync, definition: CollectionDefinition): void {
  let created = false;
  while (createNextIndex(db, definition)) created = true;
  if (created) analyzeCollection(db, definition);
}

/**
 * Creates one missing index of the collection (its B-tree indexes first, then its text index): false
 * once none is missing. A build over a million rows takes seconds; one at a time, each in its own
 * transaction, lets the writes asked for meanwhile in between (see `WorkerWriter.createIndexes`).
 */
export function createNextIndex(db: DatabaseSync, definition: CollectionDefinition): boolean {
  const missing = missingIndex(db, definition);
  if (!missing) return ensureTextIndex(db, definition);
  const columns = missing.columns.join(', ');
  db.exec(
    `CREATE INDEX ${freeIndexName(db, definition.name, missing.fields)} ON ${tableOf(definition.name)} (${columns})`,
  );
  return true;
}

/** The first declared B-tree index the collection's table lacks, if any. */
function missingIndex(db: DatabaseSync, definition: CollectionDefinition) {
  const existing = indexedColumns(db, tableOf(definition.name));
  // The id at the end of every index serves the tie-break of sorted, paged queries.
  const indexes = [...singlyIndexedFields(definition).map((field) => [field]), ...(definition.indexes ?? [])];
  for (const fields of indexes) {
    const columns = [...fields.filter((field) => field !== idField), idField].map(columnOf);
    if (!existing.has(columns.map((column) => column.replaceAll('"', '')).join(',')))
      return { fields, columns };
  }
  return null;
}

/**
 * Whether `ensureTable` would change nothing: the table has every declared field's column and,
 * unless they are deferred, every index and its text index as declared. A start ensures every
 * collection: one that is as declared takes no write lock.
 */
export function tableIsCurrent(
  db: DatabaseSync,
  definition: CollectionDefinition,
  options: { indexes: boolean },
): boolean {
  const columns = new Set(
    (db.prepare(`PRAGMA table_xinfo(${tableOf(definition.name)})`).all() as { name: string }[]).map(
      (column) => column.name,
    ),
  );
  if (columns.size === 0) return false;
  for (const field of Object.keys(definition.fields)) {
    if (field !== idField && !columns.has(`f:${field}`)) return false;
  }
  return !options.indexes || (missingIndex(db, definition) === null && textIndexIsCurrent(db, definition));
}

/** The planner's statistics of the collection's indexes, once it has rows. */
export function analyzeCollection(db: DatabaseSync, definition: CollectionDefinition): void {
  const table = tableOf(definition.name);
  if (db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get()) db.exec(`ANALYZE ${table}`);
}

/**
 * The planner's statistics of one index of the collection that has none yet (false when none lacks
 * them, or it has no rows): one at a time, each in a transaction of its own, the indexes of a table of
 * a hundred thousand rows take about 10 ms each where the table's take 150 ms at once (see
 * `WorkerWriter.createIndexes`).
 */
export function analyzeNextIndex(db: DatabaseSync, definition: CollectionDefinition): boolean {
  const table = tableOf(definition.name);
  if (!db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get()) return false;
  const analyzed = new Set(
    db.prepare(tableByNameSql).get('sqlite_stat1')
      ? (
          db.prepare('SELECT idx FROM sqlite_stat1 WHERE tbl = ?').all(`docs_${definition.name}`) as {
            idx: string | null;
          }[]
        ).map((row) => row.idx)
      : [],
  );
  const indexes = db.prepare(`PRAGMA index_list(${table})`).all() as { name: string }[];
  const next = indexes.find((index) => !analyzed.has(index.name));
  if (!next) return false;
  db.exec(`ANALYZE "${next.name}"`);
  return true;
}

/** The FTS5 table indexing a collection's `textIndex` fields, its columns named c0, c1… in their order. */
export const textIndexOf = (collection: string) => `"docs_${collection}:text"`;
export const textIndexName = (collection: string) => `docs_${collection}:text`;

/** A table of the given name, if there is one (a collection's text index is looked up so). */
export const tableByNameSql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?";

/** The column of the search rows holding a text field lowered (SQLite's `lower`, ASCII letters only). */
export const loweredColumnOf = (field: string) => `"lower:${field}"`;

/**
 * What a collection's search rows hold besides the lowered text fields: the id and every field of its
 * compound indexes (the fields its lists filter and sort on, by design), point coordinates aside.
 */
export function searchFieldsOf(definition: CollectionDefinition): string[] {
  const points = new Set(
    (definition.geoIndex ?? []).flatMap((point) => [`${point}.latitude`, `${point}.longitude`]),
  );
  const fields = new Set([idField]);
  for (const index of definition.indexes ?? [])
    for (const field of index) if (!points.has(field)) fields.add(field);
  return [...fields];
}

/**
 * The text search's structures of a collection: the FTS5 trigram table, the search rows and their
 * triggers. A new shape (another field list, another layout of the search rows) gets another hash,
 * which the search rows' table name and the triggers' names carry: a collection whose structures
 * carry another hash has them built again, and a reader only uses search rows of its own shape.
 */
const textSearchFormat = 2;
export function textSearchHash(definition: CollectionDefinition): string {
  const shape: unknown[] = [textSearchFormat, definition.textIndex ?? [], searchFieldsOf(definition)];
  if (definition.textIndexPositions === false) shape.push('no positions');
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 10);
}

/** The search rows of a collection: a narrow copy of each row, keyed by its rowid (see `ensureTextIndex`). */
export const searchRowsName = (collection: string, hash: string) => `docs_${collection}:search:${hash}`;

/** Every table of a collection's search rows, whatever their shape. */
function searchRowsTables(db: DatabaseSync, collection: string): string[] {
  const prefix = `docs_${collection}:search:`;
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[])
    .map((table) => table.name)
    .filter((name) => name.startsWith(prefix));
}

/** Whether the collection's text index is there (a deferred rebuild builds it with the other indexes). */
const hasTextIndex = (db: DatabaseSync, collection: string) =>
  db.prepare(tableByNameSql).get(textIndexName(collection)) !== undefined;

const triggersOf = (db: DatabaseSync, collection: string) =>
  db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?")
    .all(`docs_${collection}`) as { name: string }[];

/** Whether the collection's text search is there in its declared shape and settings (or none is declared). */
function textIndexIsCurrent(db: DatabaseSync, definition: CollectionDefinition): boolean {
  if ((definition.textIndex ?? []).length === 0) return true;
  return textStructuresAreCurrent(db, definition) && liveSettingsAreCurrent(db, definition.name);
}

/** Whether the text index, the search rows and their triggers are there in the declared shape. */
function textStructuresAreCurrent(db: DatabaseSync, definition: CollectionDefinition): boolean {
  const hash = textSearchHash(definition);
  const triggers = triggersOf(db, definition.name);
  const current = triggers.filter((trigger) => trigger.name.includes(`:${hash}:`));
  const present = db.prepare(tableByNameSql).get(searchRowsName(definition.name, hash)) !== undefined;
  return hasTextIndex(db, definition.name) && present && current.length === 3 && triggers.length === 3;
}

/**
 * FTS5's share of a segment's rows deleted (in per cent) from which its next merge rewrites the
 * segment to drop them: 0, never on that count. A contentless index keeps a deleted row's rowid in
 * a list beside each segment that may hold it, and the queries leave those rows out; a segment is
 * rewritten when merged with its level, as inserts make it. With FTS5's default (10%), the deletes of
 * the live list (an expiry sweep moving 100k postings off it, a removal of many) each rewrote the
 * large segment the fill left, again and again: about 300 µs a delete against about 20 µs without.
 */
const LIVE_DELETE_MERGE = 0;

const textIndexConfigOf = (collection: string) => `"docs_${collection}:text_config"`;

/** Whether the text index carries the settings live writes are made under (`setLiveSettings`). */
function liveSettingsAreCurrent(db: DatabaseSync, collection: string): boolean {
  const row = db.prepare(`SELECT v FROM ${textIndexConfigOf(collection)} WHERE k = 'deletemerge'`).get() as
    | { v: number }
    | undefined;
  return row !== undefined && Number(row.v) === LIVE_DELETE_MERGE;
}

/** The settings of the text index live writes are made under (they are kept in the index). */
function setLiveSettings(db: DatabaseSync, collection: string): void {
  const index = textIndexOf(collection);
  db.exec(`INSERT INTO ${index} (${index}, rank) VALUES ('deletemerge', ${LIVE_DELETE_MERGE})`);
}

/** FTS5's own size of the terms it gathers in memory before it writes them out as a segment. */
const LIVE_TERM_BUFFER = 1024 * 1024;

/**
 * Rows a step of a text index's fill adds, and FTS5 pages a step of its final merge writes at most:
 * each step is a transaction of its own, a few tens of milliseconds, with the writes asked for
 * meanwhile in between (see `WorkerWriter.createIndexes`).
 */
const FILL_ROWS = 2_000;
const MERGE_PAGES = 400;

/**
 * Where a text index being built stands: the rows up to `upto` (a rowid) are in its search rows and
 * trigram table, and its triggers keep only those; once all are in, `merges` counts the merges left.
 */
export const textFillName = (collection: string) => `docs_${collection}:text-fill`;

/** The names and column lists of a collection's text search structures (quoted where SQL takes them). */
function textShapeOf(definition: CollectionDefinition) {
  const fields = definition.textIndex ?? [];
  const kept = searchFieldsOf(definition).map(columnOf);
  const lowered = fields.map(loweredColumnOf);
  return {
    fields,
    table: tableOf(definition.name),
    index: textIndexOf(definition.name),
    hash: textSearchHash(definition),
    rows: `"${searchRowsName(definition.name, textSearchHash(definition))}"`,
    fill: `"${textFillName(definition.name)}"`,
    kept,
    lowered,
    /** The search rows' columns: the kept fields, then the lowered texts. */
    rowColumns: [...kept, ...lowered].join(', '),
    /** The trigram table's columns, c0, c1… in the order of the text fields. */
    columns: fields.map((_, position) => `c${position}`).join(', '),
  };
}

/**
 * The text search of the declared text fields, kept by triggers on the collection's table so every
 * write (on any connection) keeps it in step:
 * - a contentless FTS5 trigram table of the lowered texts, keyed by the rows' rowids: the candidates
 *   of a needle whose three-character runs are rare (the rows holding some of them);
 * - the search rows: per row, its id, the fields of the collection's indexes and the lowered texts, in
 *   a table keyed by the same rowid. About 200 bytes a row where a row with its document is about a
 *   kilobyte: the exact test of the candidates, their organization and sort keys, and the walk of a
 *   common needle in a list's order read these instead of the rows (see text-search.ts).
 * An update that leaves the texts alone leaves the trigram table alone. A table that took another's
 * place brings them and their triggers along (see `renameTable`).
 *
 * Built in steps, each a short transaction of its own, over the rows there; one step a call, true
 * while there was one to take (the next call goes on from where the file stands, after a restart too):
 * 1. the structures, empty, with triggers that keep the rows up to the fill's mark (`textFillName`);
 * 2. the rows filled a range of rowids at a time, the mark moved past each; a write meanwhile to a row
 *    past the mark is taken by a later range as it stands then;
 * 3. all in: the triggers keep every row;
 * 4. the trigram table's segments merged a few pages at a time into one, FTS5's incremental form of
 *    its `optimize` (at most about twice the index's pages in all, whatever is written meanwhile).
 *    Each step's commit writes a small segment, and a level that gathers a few is merged with the
 *    next commit; left so, the live commits after a rebuild would merge with them
 *    (on the 1.6M-event board, the 11th and the 254th live commits after a rebuild each rewrote the
 *    activity log's index, 208,000 and 276,000 pages, and held the writer 9.3 and 9.7 s). One segment
 *    above them all is reached by live merges only after a very long time: the same 1,000 live
 *    commits then wrote at most 164 pages each and took at most 5 ms;
 * 5. the settings live writes are made under (`setLiveSettings`), and it is current.
 * A reader uses the search rows once all that is over (`searchTargetOf`).
 */
function ensureTextIndex(db: DatabaseSync, definition: CollectionDefinition): boolean {
  const fields = definition.textIndex ?? [];
  if (fields.length === 0) return false;
  if (textIndexIsCurrent(db, definition)) return false;
  const fill = textFillName(definition.name);
  const filling = db.prepare(tableByNameSql).get(fill) !== undefined;
  if (textStructuresAreCurrent(db, definition)) {
    if (filling) return fillTextIndex(db, definition);
    // Built before these settings: only they change, the index stays as it is (and, built, it asks
    // for no new statistics).
    setLiveSettings(db, definition.name);
    return false;
  }

  const { index, rows, rowColumns, columns } = textShapeOf(definition);
  dropTextIndex(db, definition.name);
  db.exec(`CREATE TABLE ${rows} (${rowColumns})`);
  db.exec(
    `CREATE VIRTUAL TABLE ${index} USING fts5(${columns}, content='', contentless_delete=1, tokenize='trigram'${definition.textIndexPositions === false ? ', detail=none' : ''})`,
  );
  db.exec(`INSERT INTO ${index} (${index}, rank) VALUES ('hashsize', ${LIVE_TERM_BUFFER})`);
  db.exec(`CREATE TABLE "${fill}" (upto INTEGER NOT NULL, merges INTEGER)`);
  db.exec(`INSERT INTO "${fill}" (upto, merges) VALUES (0, NULL)`);
  createTextTriggers(db, definition, `(SELECT upto FROM "${fill}")`);
  return true;
}

/** The collection's text index, its search rows, its fill's mark and its triggers dropped. */
function dropTextIndex(db: DatabaseSync, collection: string): void {
  for (const trigger of triggersOf(db, collection)) db.exec(`DROP TRIGGER "${trigger.name}"`);
  db.exec(`DROP TABLE IF EXISTS ${textIndexOf(collection)}`);
  db.exec(`DROP TABLE IF EXISTS "${textFillName(collection)}"`);
  for (const name of searchRowsTables(db, collection)) db.exec(`DROP TABLE "${name}"`);
}

/**
 * The triggers keeping the text search of each written row, or, with `upto` (an SQL expression), of
 * the rows up to that rowid only. The names are the schema's, not the table's: a table renamed into
 * another's place keeps its triggers under their first names, so each set gets a name of its own
 * (after the shape's hash).
 */
function createTextTriggers(db: DatabaseSync, definition: CollectionDefinition, upto?: string): void {
  const { fields, table, index, hash, rows, kept, columns, rowColumns: allColumns } = textShapeOf(definition);
  const rowValues = (row: 'new' | 'old') =>
    [
      ...kept.map((column) => `${row}.${column}`),
      ...fields.map((field) => `lower(${row}.${columnOf(field)})`),
    ].join(', ');
  const textValues = (row: 'new' | 'old') =>
    fields.map((field) => `lower(${row}.${columnOf(field)})`).join(', ');
  const textsChanged = fields
    .map((field) => `old.${columnOf(field)} IS NOT new.${columnOf(field)}`)
    .join(' OR ');
  const guard = (row: 'new' | 'old') => (upto ? ` AND ${row}.rowid <= ${upto}` : '');
  const set = `${hash}:${randomBytes(4).toString('hex')}`;
  const trigger = (event: string) => `"docs_${definition.name}:text:${event}:${set}"`;
  db.exec(`CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${table} BEGIN
    INSERT INTO ${rows} (rowid, ${allColumns}) SELECT new.rowid, ${rowValues('new')} WHERE 1${guard('new')};
    INSERT INTO ${index} (rowid, ${columns}) SELECT new.rowid, ${textValues('new')} WHERE 1${guard('new')}; END`);
  db.exec(`CREATE TRIGGER ${trigger('update')} AFTER UPDATE ON ${table} BEGIN
    DELETE FROM ${rows} WHERE rowid = old.rowid${guard('old')};
    INSERT INTO ${rows} (rowid, ${allColumns}) SELECT new.rowid, ${rowValues('new')} WHERE 1${guard('new')};
    DELETE FROM ${index} WHERE rowid = old.rowid AND (old.rowid IS NOT new.rowid OR ${textsChanged})${guard('old')};
    INSERT INTO ${index} (rowid, ${columns}) SELECT new.rowid, ${textValues('new')}
      WHERE (old.rowid IS NOT new.rowid OR ${textsChanged})${guard('new')}; END`);
  db.exec(`CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${table} BEGIN
    DELETE FROM ${rows} WHERE rowid = old.rowid${guard('old')};
    DELETE FROM ${index} WHERE rowid = old.rowid${guard('old')}; END`);
}

/**
 * Steps 2 to 5 of `ensureTextIndex`: the next range of rows filled in; all in, the triggers for every
 * row; then the merges; then the live settings (false: its index is built).
 */
function fillTextIndex(db: DatabaseSync, definition: CollectionDefinition): boolean {
  const { fields, table, fill, index, rows, kept, lowered, rowColumns, columns } = textShapeOf(definition);
  const { upto, merges } = db.prepare(`SELECT upto, merges FROM ${fill}`).get() as {
    upto: number;
    merges: number | null;
  };
  if (merges !== null) {
    const changes = () => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
    const before = changes();
    // Negative: the segments of every level are merged as one level, as few as two (FTS5's own way
    // to optimize a little at a time).
    db.exec(`INSERT INTO ${index} (${index}, rank) VALUES ('merge', -${MERGE_PAGES})`);
    // Under two changes, FTS5 had nothing left to merge. The merges are counted: writes meanwhile
    // (their commits each add a segment) would otherwise keep it merging for as long as they come.
    if (changes() - before >= 2 && merges > 1) {
      db.prepare(`UPDATE ${fill} SET merges = ?`).run(merges - 1);
      return true;
    }
    setLiveSettings(db, definition.name);
    db.exec(`DROP TABLE ${fill}`);
    return true;
  }
  const chunkEnd = (
    db
      .prepare(`SELECT rowid AS at FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT 1 OFFSET ?`)
      .get(upto, FILL_ROWS - 1) as { at: number } | undefined
  )?.at;
  // The last range goes to the end, and the triggers take every row in the same transaction: a range
  // of the rows written meanwhile after it would be followed by more of them.
  const next =
    chunkEnd ??
    (db.prepare(`SELECT max(rowid) AS at FROM ${table}`).get() as { at: number | null }).at ??
    upto;
  if (next > upto) {
    db.prepare(
      `INSERT INTO ${rows} (rowid, ${rowColumns}) SELECT rowid, ${[...kept, ...fields.map((field) => `lower(${columnOf(field)})`)].join(', ')} FROM ${table} WHERE rowid > ? AND rowid <= ?`,
    ).run(upto, next);
    db.prepare(
      `INSERT INTO ${index} (rowid, ${columns}) SELECT rowid, ${lowered.join(', ')} FROM ${rows} WHERE rowid > ? AND rowid <= ?`,
    ).run(upto, next);
    db.prepare(`UPDATE ${fill} SET upto = ?`).run(next);
    if (chunkEnd !== undefined) return true;
  }
  for (const trigger of triggersOf(db, definition.name)) db.exec(`DROP TRIGGER "${trigger.name}"`);
  createTextTriggers(db, definition);
  // Each merge writes up to MERGE_PAGES pages: the index's pages about twice over, and a few more.
  const { pages } = db
    .prepare(`SELECT count(*) AS pages FROM "${textIndexName(definition.name)}_data"`)
    .get() as {
    pages: number;
  };
  db.prepare(`UPDATE ${fill} SET merges = ?`).run(Math.ceil((2 * pages) / MERGE_PAGES) + 4);
  return true;
}

export function renameTable(db: DatabaseSync, from: string, to: string): void {
  db.exec(`ALTER TABLE ${tableOf(from)} RENAME TO ${tableOf(to)}`);
  // The planner's statistics are kept by table name, and a rename leaves them under the old one: a
  // rebuilt read model would serve without them until its indexes were analyzed again.
  for (const statistics of ['sqlite_stat1', 'sqlite_stat4']) {
    if (db.prepare(tableByNameSql).get(statistics))
      db.prepare(`UPDATE ${statistics} SET tbl = ? WHERE tbl = ?`).run(`docs_${to}`, `docs_${from}`);
  }
  if (hasTextIndex(db, from)) db.exec(`ALTER TABLE ${textIndexOf(from)} RENAME TO ${textIndexOf(to)}`);
  if (db.prepare(tableByNameSql).get(textFillName(from)))
    db.exec(`ALTER TABLE "${textFillName(from)}" RENAME TO "${textFillName(to)}"`);
  for (const name of searchRowsTables(db, from)) {
    const hash = name.slice(`docs_${from}:search:`.length);
    db.exec(`ALTER TABLE "${name}" RENAME TO "${searchRowsName(to, hash)}"`);
  }
}

/** One table of a switch: `source` takes `target`'s place, and the table in service becomes `previous`. */
export interface TableSwitch {
  target: string;
  source: string;
  previous: string;
  /** The source's definition, which the catalog keeps under the target's name. */
  definition: CollectionDefinition;
}

/**
 * The schema side of `replaceCollections`, in the caller's transaction: each source takes its target's
 * place, the table in service renamed out of the way (dropped later: a drop frees every page).
 */
export function switchTables(
  db: DatabaseSync,
  catalog: CollectionCatalog,
  switches: readonly TableSwitch[],
): void {
  for (const { target, source, previous, definition } of switches) {
    dropTable(db, previous);
    if (catalog.exists(target)) renameTable(db, target, previous);
    renameTable(db, source, target);
    catalog.remove(source);
    catalog.save({ ...definition, name: target });
  }
}

/**
 * One part of a collection's drop, in the caller's transaction: its text index with its triggers,
 * then its search rows, then its indexes one at a time, then the table (true while parts are left).
 * SQLite frees every page of what it drops: in parts, a table of a hundred thousand rows is a few
 * short transactions rather than one of a tenth of a second.
 */
export function dropNextPart(db: DatabaseSync, collection: string): boolean {
  if (hasTextIndex(db, collection) || db.prepare(tableByNameSql).get(textFillName(collection))) {
    for (const trigger of triggersOf(db, collection)) db.exec(`DROP TRIGGER "${trigger.name}"`);
    db.exec(`DROP TABLE IF EXISTS ${textIndexOf(collection)}`);
    db.exec(`DROP TABLE IF EXISTS "${textFillName(collection)}"`);
    return true;
  }
  const [rows] = searchRowsTables(db, collection);
  if (rows) {
    db.exec(`DROP TABLE "${rows}"`);
    return true;
  }
  const table = tableOf(collection);
  const [index] = (
    db.prepare(`PRAGMA index_list(${table})`).all() as { name: string; origin: string }[]
  ).filter((entry) => entry.origin === 'c');
  if (index) {
    db.exec(`DROP INDEX "${index.name}"`);
    return true;
  }
  dropTable(db, collection);
  return false;
}

export function dropTable(db: DatabaseSync, collection: string): void {
  db.exec(`DROP TABLE IF EXISTS ${tableOf(collection)}`);
  dropTextIndex(db, collection);
}
