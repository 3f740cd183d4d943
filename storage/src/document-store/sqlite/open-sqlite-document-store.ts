import type { DatabaseSync } from 'node:sqlite';
import { inMemory, inWriteTransaction } from '../../sqlite/open-database.ts';
import { assertCollectionName, assertValidDefinition } from '../collection-definition.ts';
import { greatCircleMiles, latitudeBounds, longitudeSpans } from '../geo.ts';
import type {
  CollectionDefinition,
  CollectionReplacement,
  CountOptions,
  Document,
  DocumentStore,
  EnsureOptions,
  Filter,
  GeoPoint,
  NearMatch,
  NearPage,
  NearQuery,
  Query,
  ReplaceOptions,
  WriteOperation,
  WriteOptions,
} from '../port.ts';
import { countLimitOf, planFilter, planQuery } from '../query-plan.ts';
import { CollectionCatalog } from './collection-catalog.ts';
import {
  dropTable,
  ensureIndexes,
  ensureTable,
  switchTables,
  type TableSwitch,
  tableIsCurrent,
  tableOf,
} from './collection-schema.ts';
import { openDocumentDatabase } from './document-database.ts';
import { FileSetDocumentStore } from './file-set-store.ts';
import {
  countSql,
  distinctLatitudesSql,
  distinctLongitudesSql,
  distinctSecondPointsSql,
  type NearPointAt,
  nearCountSql,
  nearRowsSql,
  selectSql,
} from './query-to-sql.ts';
import { StatementCache } from './statement-cache.ts';
import { searchTargetOf, TextSearch } from './text-search.ts';
import { WorkerWriter } from './worker-writer.ts';
import { encodeOperations, OperationWriter } from './write-operations.ts';

export interface SqliteDocumentStoreOptions {
  /** Database file, created if missing (it may be the event store's file); `:memory:` for tests. */
  path: string;
  /**
   * Where writes run: `worker` (the default for a file) hands them to a thread of their own, on its
   * own connection; `inline` runs them on the caller's thread (always so for `:memory:`, which one
   * connection alone can see).
   */
  writer?: 'worker' | 'inline';
  /**
   * The file alone, with no other joined to it (a rebuild's staging file, see `stagingFile`). Otherwise
   * a store on a file serves the read models of the files that joined it too (see file-set-store.ts).
   */
  alone?: boolean;
}

export function openSqliteDocumentStore(options: SqliteDocumentStoreOptions): DocumentStore {
  const inline = options.path === inMemory || options.writer === 'inline';
  const writer = inline ? 'inline' : 'worker';
  if (options.path === inMemory || options.alone) return new SqliteDocumentStore(options.path, writer);
  return new FileSetDocumentStore(options.path, (path) => new SqliteDocumentStore(path, writer));
}

interface Row {
  doc: string;
  position: string;
}

/** What a collection replaced by `replaceCollections` is renamed to, until it is dropped after the switch. */
const REPLACED = '__replaced';
const replacedOf = (collection: string) => `${collection}${REPLACED}`;

function toDocument<T extends Document>(row: Row): T {
  return { ...JSON.parse(row.doc), position: row.position } as T;
}

export class SqliteDocumentStore implements DocumentStore {
  readonly #db: DatabaseSync;
  readonly #statements: StatementCache;
  readonly #catalog: CollectionCatalog;
  /** Writes on this connection: every write of an inline store, and the switch of `replaceCollections`. */
  readonly #local: OperationWriter;
  readonly #worker: WorkerWriter | null;
  readonly #text: TextSearch;
  /** The drops of the tables switches replaced, under way on the writer thread. */
  #drops: Promise<void> = Promise.resolve();
  /** Changes made on this connection, which `PRAGMA data_version` does not count. */
  #localChanges = 0;

  constructor(path: string, writer: 'worker' | 'inline') {
    this.#db = openDocumentDatabase(path);
    // A long-lived connection brings the planner's statistics up to date when it opens (SQLite's
    // advice). The statistics are the file's: with a writer thread, its connection does it (see
    // write-worker.ts), since on a file just built it may analyze tables of millions of rows, which held
    // this thread about a quarter of a second when a rebuilt file of the 1.6M-event board joined.
    if (writer === 'inline') this.#db.exec('PRAGMA optimize = 0x10002');
    this.#statements = new StatementCache(this.#db);
    this.#catalog = new CollectionCatalog(this.#db);
    this.#local = new OperationWriter(this.#db);
    this.#worker = writer === 'worker' ? new WorkerWriter(path) : null;
    const dataVersion = this.#db.prepare('PRAGMA data_version');
    this.#changeToken = () => {
      const { data_version: version } = dataVersion.get() as { data_version: number };
      return `${version}:${this.#localChanges}`;
    };
    this.#text = new TextSearch(this.#statements, this.#changeToken);
    this.#dropReplacedTables();
  }

  readonly #changeToken: () => string;

  /** Changes whenever the file may have changed since (a commit on any connection, or on this one). */
  changeToken(): string {
    return this.#changeToken();
  }

  /** Whether the file has the collection (one it did not have is looked for again each time). */
  holds(collection: string): boolean {
    return this.#catalog.find(collection) !== undefined;
  }

  /** The collections the file has, as this connection reads them now. */
  collectionNames(): string[] {
    return (this.#db.prepare('SELECT name FROM document_collections').all() as { name: string }[]).map(
      (row) => row.name,
    );
  }

  /** Every document of a small collection, read now on this connection (none when it does not exist). */
  documentsNow<T extends Document>(collection: string): T[] {
    // Known once made (the first file's own collections are never dropped); one not made yet is looked for each time.
    if (!this.#catalog.find(collection)) return [];
    return (
      this.#statements
        .get(`SELECT doc, CAST(position AS TEXT) AS position FROM ${tableOf(collection)}`)
        .all() as unknown as Row[]
    ).map((row) => toDocument<T>(row));
  }

  /**
   * A switch killed after it committed, before it dropped the tables it replaced, left them behind:
   * whole read models no one reads any more. They go when the file is next opened.
   */
  #dropReplacedTables() {
    const tables = this.#db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as {
      name: string;
    }[];
    for (const { name } of tables) {
      // Its text index goes with it (`docs_<collection>:text`, which does not end so).
      if (!name.startsWith('docs_') || !name.endsWith(REPLACED)) continue;
      const collection = name.slice('docs_'.length);
      inWriteTransaction(this.#db, () => {
        dropTable(this.#db, collection);
        this.#catalog.remove(collection);
      });
    }
  }

  async ensureCollection(definition: CollectionDefinition, options: EnsureOptions = {}): Promise<void> {
    assertValidDefinition(definition);
    // A collection as declared is left alone, without a write (nor waiting for the drops below).
    const known = this.#catalog.find(definition.name);
    const indexes = !options.deferIndexes;
    if (
      known &&
      JSON.stringify(known) === JSON.stringify(definition) &&
      tableIsCurrent(this.#db, definition, { indexes })
    )
      return;
    // Schema changes wait for the writes asked for before them, and for the drops a switch left: this
    // connection's write would otherwise wait for the lock a drop holds, holding this thread.
    await this.#drops;
    await this.#worker?.idle();
    inWriteTransaction(this.#db, () => {
      ensureTable(this.#db, definition, { indexes });
      this.#catalog.save(definition);
    });
    this.#schemaChanged();
  }

  async createIndexes(name: string): Promise<void> {
    const definition = this.#catalog.get(name);
    if (this.#worker) await this.#worker.createIndexes(definition);
    else inWriteTransaction(this.#db, () => ensureIndexes(this.#db, definition));
    this.#schemaChanged();
  }

  async dropCollection(name: string): Promise<void> {
    assertCollectionName(name);
    await this.#drops;
    if (this.#worker) {
      // After the writes asked for before it, on the writer thread: a large table takes long to drop.
      await this.#worker.dropCollection(name);
      this.#catalog.forget(name);
    } else {
      inWriteTransaction(this.#db, () => {
        dropTable(this.#db, name);
        this.#catalog.remove(name);
      });
    }
    this.#statements.clear();
    this.#local.clear();
    this.#schemaChanged();
  }

  /** What the text search learnt of the tables (samples, a count) goes with a change of their shape. */
  #schemaChanged(): void {
    this.#localChanges++;
    this.#text.forget();
  }

  async get<T extends Document = Document>(collection: string, id: string): Promise<T | null> {
    this.#catalog.get(collection);
    const row = this.#statements
      .get(`SELECT doc, CAST(position AS TEXT) AS position FROM ${tableOf(collection)} WHERE id = ?`)
      .get(id) as Row | undefined;
    return row ? toDocument<T>(row) : null;
  }

  async find<T extends Document = Document>(collection: string, query: Query): Promise<T[]> {
    const definition = this.#catalog.get(collection);
    const plan = planQuery(definition, query);
    const search = searchTargetOf(this.#statements, definition);
    if (search && TextSearch.indexed(search, plan.predicates).length > 0)
      return this.#text.find(search, plan).map((row) => toDocument<T>(row));
    const { sql, params } = selectSql(tableOf(collection), plan);
    return (this.#statements.get(sql).all(...params) as unknown as Row[]).map((row) => toDocument<T>(row));
  }

  async count(collection: string, filter?: Filter, options?: CountOptions): Promise<number> {
    const definition = this.#catalog.get(collection);
    const predicates = planFilter(definition, filter);
    const limit = countLimitOf(options);
    const search = searchTargetOf(this.#statements, definition);
    if (search && TextSearch.indexed(search, predicates).length > 0)
      return this.#text.count(search, predicates, limit);
    const { sql, params } = countSql(tableOf(collection), predicates, limit);
    return Number((this.#statements.get(sql).get(...params) as { count: number | bigint }).count);
  }

  /**
   * A near query finds the points inside the circle's latitude/longitude boxes by loose index scans
   * (postings share the points of their cities, so the points are few), through a compound index
   * holding the point when the collection declares one, and in a lane each point's second points
   * within the second circle's latitudes from the same index; measures each point's exact great-circle
   * distance here, the way the MongoDB adapter does; then, nearest first, counts each distance's rows
   * (up to what the page and `countLimit` need) and reads only the page's rows, seeking each point or
   * pair of points in the index.
   */
  async findNear<T extends Document = Document>(collection: string, query: NearQuery): Promise<NearPage<T>> {
    const definition = this.#catalog.get(collection);
    for (const field of [query.field, ...(query.also ? [query.also.field] : [])])
      if (!(definition.geoIndex ?? []).includes(field))
        throw new Error(`Field ${field} of ${collection} has no geo index`);
    const { predicates, sort: thenBy } = planQuery(definition, {
      filter: query.filter,
      sort: query.thenBy ?? [],
    });
    const table = tableOf(collection);
    const { also } = query;
    const [south, north] = latitudeBounds(query.center, query.maxMiles);
    const latitudes = distinctLatitudesSql(table, query.field, predicates);
    const longitudes = distinctLongitudesSql(table, query.field, predicates);
    const seconds = also ? distinctSecondPointsSql(table, query.field, also.field, predicates) : null;
    const alsoBounds = also ? latitudeBounds(also.center, also.maxMiles) : null;
    const buckets = new Map<number, NearPointAt[]>();
    for (const { latitude } of this.#statements.get(latitudes.sql).all(...latitudes.params, south, north) as {
      latitude: number;
    }[]) {
      for (const [west, east] of longitudeSpans(query.center, query.maxMiles, latitude)) {
        for (const { longitude } of this.#statements
          .get(longitudes.sql)
          .all(...longitudes.params, latitude, west, east) as { longitude: number }[]) {
          const point = { latitude, longitude };
          const miles = greatCircleMiles(query.center, point);
          if (miles > query.maxMiles || (query.acceptPoint && !query.acceptPoint(point))) continue;
          const at: NearPointAt = { ...point };
          // A lane: only the rows whose second point lies within the second radius (measured here, as the first).
          if (also && seconds && alsoBounds) {
            at.also = (
              this.#statements
                .get(seconds.sql)
                .all(...seconds.params, latitude, longitude, ...alsoBounds) as unknown as GeoPoint[]
            )
              .map(({ latitude, longitude }) => ({ latitude, longitude }))
              .filter((second) => greatCircleMiles(also.center, second) <= also.maxMiles);
            if (at.also.length === 0) continue;
          }
          buckets.set(miles, [...(buckets.get(miles) ?? []), at]);
        }
      }
    }

    const skip = query.skip ?? 0;
    const limit = query.limit ?? Number.POSITIVE_INFINITY;
    const countLimit = query.countLimit ?? Number.POSITIVE_INFINITY;
    const matches: NearMatch<T>[] = [];
    let totalCount = 0;
    for (const [miles, points] of [...buckets].sort(([a], [b]) => a - b)) {
      // The rows of this distance worth counting: enough to place the page, and to reach the count's limit.
      const wanted = Math.max(countLimit - totalCount, skip + limit - totalCount);
      if (wanted <= 0) break;
      const count = nearCountSql(
        table,
        query.field,
        also?.field,
        points,
        predicates,
        Number.isFinite(wanted) ? wanted : undefined,
      );
      const rows = Number((this.#statements.get(count.sql).get(...count.params) as { count: number }).count);
      const from = Math.max(0, skip - totalCount);
      const take = Math.min(rows - from, limit - matches.length);
      if (take > 0) {
        const page = nearRowsSql(table, query.field, also?.field, points, predicates, take, from, thenBy);
        for (const row of this.#statements.get(page.sql).all(...page.params) as unknown as Row[])
          matches.push({ document: toDocument<T>(row), miles });
      }
      totalCount += rows;
    }
    return { totalCount: Math.min(totalCount, countLimit), matches };
  }

  /** One transaction: a store on one file never cuts a batch (`unsettled` does not apply). */
  async write(operations: WriteOperation[], options: WriteOptions = {}): Promise<void> {
    if (operations.length === 0) {
      await options.after;
      return;
    }
    const encoded = encodeOperations(this.#catalog, operations);
    await options.after;
    if (this.#worker) await this.#worker.write(encoded);
    else {
      this.#local.apply(encoded);
      this.#localChanges++;
    }
  }

  async replaceCollections(
    replacements: CollectionReplacement[],
    operations: WriteOperation[],
    options: ReplaceOptions = {},
  ): Promise<void> {
    if (options.staged) throw new Error('A store on one file has no staging files to join');
    await this.#drops;
    await this.#worker?.idle();
    const encoded = encodeOperations(this.#catalog, operations);
    const switches: TableSwitch[] = replacements.map(({ target, source }) => ({
      target,
      source,
      previous: replacedOf(target),
      definition: this.#catalog.get(source),
    }));
    for (const { previous } of switches) assertCollectionName(previous);
    const replaced = switches.map(({ previous }) => previous);
    if (this.#worker) {
      await this.#worker.switchTables(switches, encoded);
      for (const { target, source } of switches) {
        this.#catalog.forget(source);
        this.#catalog.forget(target);
      }
    } else {
      inWriteTransaction(this.#db, () => {
        switchTables(this.#db, this.#catalog, switches);
        this.#local.applyWithin(encoded);
      });
      // This connection reads the statistics the switch moved (the others read them with the new schema).
      this.#db.exec('ANALYZE sqlite_schema');
    }
    this.#statements.clear();
    this.#local.clear();
    this.#schemaChanged();
    // The tables replaced are out of service. Dropping them takes seconds at a million rows (SQLite
    // frees every page): the writer thread drops them after the switch has returned, one at a time,
    // so the writes of the read models now in service go in between; schema changes and `close` wait
    // for them. Tables a crash leaves behind are dropped when the file is next opened.
    const worker = this.#worker;
    if (!worker) {
      for (const name of replaced) inWriteTransaction(this.#db, () => dropTable(this.#db, name));
      return;
    }
    const previous = this.#drops;
    this.#drops = (async () => {
      await previous;
      for (const name of replaced) await worker.dropCollection(name);
    })().catch(() => {});
  }

  async close(): Promise<void> {
    await this.#drops;
    // This connection first: the last one to close a file copies its WAL into it, which is the writer
    // thread's work (about 70 ms on this thread when a rebuilt file of the 1.6M-event board was closed).
    this.#statements.clear();
    if (this.#db.isOpen) this.#db.close();
    await this.#worker?.close();
  }
}
