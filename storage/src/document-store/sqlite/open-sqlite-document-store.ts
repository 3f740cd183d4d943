import type { DatabaseSync } from 'node:sqlite';
import { inWriteTransaction, openDatabase } from '../../sqlite/open-database.ts';
import { assertCollectionName, assertValidDefinition } from '../collection-definition.ts';
import type {
  CollectionDefinition,
  Document,
  DocumentStore,
  EnsureOptions,
  Filter,
  Query,
  WriteOperation,
} from '../port.ts';
import { planFilter, planQuery } from '../query-plan.ts';
import { CollectionCatalog } from './collection-catalog.ts';
import { dropTable, ensureIndexes, ensureTable, tableOf } from './collection-schema.ts';
import { countSql, selectSql } from './query-to-sql.ts';
import { StatementCache } from './statement-cache.ts';
import { applyOperations } from './write-operations.ts';

export interface SqliteDocumentStoreOptions {
  /** Database file, created if missing (it may be the event store's file); `:memory:` for tests. */
  path: string;
}

export function openSqliteDocumentStore(options: SqliteDocumentStoreOptions): DocumentStore {
  return new SqliteDocumentStore(options.path);
}

interface Row {
  doc: string;
  position: string;
}

function toDocument<T extends Document>(row: Row): T {
  return { ...JSON.parse(row.doc), position: row.position } as T;
}

class SqliteDocumentStore implements DocumentStore {
  readonly #db: DatabaseSync;
  readonly #statements: StatementCache;
  readonly #catalog: CollectionCatalog;

  constructor(path: string) {
    // Read models are rebuilt from the event log, so losing the last commits to a power cut costs a
    // short replay, never data: `normal` spares every projector batch an fsync.
    this.#db = openDatabase(path, 'normal');
    // A board of a million postings has indexes of a few hundred MB: a page cache that holds their
    // working set spares re-reading pages on every batch of a rebuild and on busy lists (SQLite only
    // takes the memory as pages are used). A longer WAL between checkpoints lets a page changed by
    // consecutive batches be copied into the file once rather than once per batch.
    this.#db.exec('PRAGMA cache_size = -131072');
    this.#db.exec('PRAGMA wal_autocheckpoint = 10000');
    this.#statements = new StatementCache(this.#db);
    this.#catalog = new CollectionCatalog(this.#db);
  }

  async ensureCollection(definition: CollectionDefinition, options: EnsureOptions = {}): Promise<void> {
    assertValidDefinition(definition);
    inWriteTransaction(this.#db, () => {
      ensureTable(this.#db, definition, { indexes: !options.deferIndexes });
      this.#catalog.save(definition);
    });
  }

  async createIndexes(name: string): Promise<void> {
    const definition = this.#catalog.get(name);
    inWriteTransaction(this.#db, () => ensureIndexes(this.#db, definition));
  }

  async dropCollection(name: string): Promise<void> {
    assertCollectionName(name);
    inWriteTransaction(this.#db, () => {
      dropTable(this.#db, name);
      this.#catalog.remove(name);
    });
    this.#statements.clear();
  }

  async get<T extends Document = Document>(collection: string, id: string): Promise<T | null> {
    this.#catalog.get(collection);
    const row = this.#statements
      .get(`SELECT doc, CAST(position AS TEXT) AS position FROM ${tableOf(collection)} WHERE id = ?`)
      .get(id) as Row | undefined;
    return row ? toDocument<T>(row) : null;
  }

  async find<T extends Document = Document>(collection: string, query: Query): Promise<T[]> {
    const plan = planQuery(this.#catalog.get(collection), query);
    const { sql, params } = selectSql(tableOf(collection), plan);
    return (this.#statements.get(sql).all(...params) as unknown as Row[]).map((row) => toDocument<T>(row));
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    const predicates = planFilter(this.#catalog.get(collection), filter);
    const { sql, params } = countSql(tableOf(collection), predicates);
    return Number((this.#statements.get(sql).get(...params) as { count: number | bigint }).count);
  }

  async write(operations: WriteOperation[]): Promise<void> {
    if (operations.length === 0) return;
    inWriteTransaction(this.#db, () => applyOperations(this.#statements, this.#catalog, operations));
  }

  async close(): Promise<void> {
    this.#statements.clear();
    if (this.#db.isOpen) this.#db.close();
  }
}
