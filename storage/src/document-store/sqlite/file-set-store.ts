import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type {
  CollectionDefinition,
  CollectionReplacement,
  CountOptions,
  Document,
  DocumentStore,
  EnsureOptions,
  Filter,
  NearQuery,
  Query,
  ReplaceOptions,
  StagingOptions,
  WriteOperation,
  WriteOptions,
} from '../port.ts';
import { tableByNameSql, tableOf } from './collection-schema.ts';
import type { SqliteDocumentStore } from './open-sqlite-document-store.ts';

/** Where a collection of the set is kept: a joined file, under the name it was built with there. */
interface Placement extends Document {
  file: string;
  stored: string;
}

/** The staging file of a key (see `stagingFile`). */
interface Staging extends Document {
  file: string;
}

const placements: CollectionDefinition = { name: 'document_placements', fields: {} };
const stagings: CollectionDefinition = { name: 'document_stagings', fields: {} };

/** Deletes a document whatever its position. */
const ANY_POSITION = 1n << 62n;

/** `read-models.sqlite` and `r1a2b` → `read-models.r1a2b.sqlite`, beside it. */
function pathOf(primary: string, file: string): string {
  const extension = extname(primary);
  return join(dirname(primary), `${basename(primary, extension)}.${file}${extension}`);
}

/**
 * The files joined to the read-model file `primary` (their names, beside it), as a connection to it
 * reads them: a backup copies them with it.
 */
export function joinedFilesOf(db: DatabaseSync, primary: string): string[] {
  if (!db.prepare(tableByNameSql).get(`docs_${placements.name}`)) return [];
  const files = (db.prepare(`SELECT doc FROM ${tableOf(placements.name)}`).all() as { doc: string }[]).map(
    (row) => (JSON.parse(row.doc) as Placement).file,
  );
  return [...new Set(files)].sort().map((file) => basename(pathOf(primary, file)));
}

function unlinkDatabase(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

interface Route {
  store: SqliteDocumentStore;
  name: string;
}

/**
 * The read models of one SQLite file and of the files that joined it. A rebuild's builder writes in a
 * staging file of its own (`stagingFile`), with its own connection and writer thread: its rows, its
 * index builds and its drops never queue behind the live board's writes, nor those behind it, and on a
 * host with more cores the two are written at once. When it has caught up, the file joins the set
 * (`replaceCollections` with `staged`): one small commit on the first file moves each rebuilt read
 * model's place to it, with no table renamed or copied, and the files left holding no read model in
 * service are deleted whole rather than freed page by page.
 *
 * The first file keeps where each read model is (`document_placements`; a read model not named there
 * is in the first file) and the staging files under way. Every connection reads the places again
 * after any commit to the first file, so a reader in another process follows a switch at its next
 * read. A batch that writes to several files commits in each of them: with `unsettled` given, its mark
 * is written first and removed by the last commit, so a crash between them is seen (see `WriteOptions`).
 */
export class FileSetDocumentStore implements DocumentStore {
  readonly #path: string;
  readonly #open: (path: string) => SqliteDocumentStore;
  readonly #primary: SqliteDocumentStore;
  readonly #files = new Map<string, SqliteDocumentStore>();
  /** Staging files under way that a read looked in (see `#routeNow`). */
  readonly #staged = new Map<string, SqliteDocumentStore>();
  #places = new Map<string, Placement>();
  #token = '';
  #closed = false;
  /** Joined files no longer serving, being closed. */
  #closing: Promise<void>[] = [];
  /** Drops of what joined files and the first file no longer serve, after a switch. */
  #tidying: Promise<void> = Promise.resolve();

  constructor(path: string, open: (path: string) => SqliteDocumentStore) {
    this.#path = path;
    this.#open = open;
    this.#primary = open(path);
  }

  /** The first file's own collections, made when a staging file is first asked for. */
  async #ensureOwnCollections(): Promise<void> {
    await this.#primary.ensureCollection(placements);
    await this.#primary.ensureCollection(stagings);
  }

  /** The places as the first file holds them now, and the joined files open. */
  #sync(): void {
    // Closed: the first file's store answers for itself (that it is closed).
    if (this.#closed) return;
    const token = this.#primary.changeToken();
    if (token === this.#token) return;
    this.#token = token;
    const places = new Map<string, Placement>();
    for (const place of this.#primary.documentsNow<Placement>(placements.name)) places.set(place.id, place);
    this.#places = places;
    const files = new Set([...places.values()].map((place) => place.file));
    for (const file of files) {
      if (this.#files.has(file)) continue;
      const path = pathOf(this.#path, file);
      // A file deleted meanwhile by a later switch: the places are read again at the next look.
      if (!existsSync(path)) {
        this.#token = '';
        continue;
      }
      this.#files.set(file, this.#open(path));
    }
    for (const [file, store] of this.#files) {
      if (files.has(file)) continue;
      this.#files.delete(file);
      this.#closing.push(store.close().catch(() => {}));
    }
    if (this.#staged.size === 0) return;
    const staging = new Set(this.#primary.documentsNow<Staging>(stagings.name).map((staged) => staged.file));
    for (const [file, store] of this.#staged) {
      if (staging.has(file)) continue;
      this.#staged.delete(file);
      this.#closing.push(store.close().catch(() => {}));
    }
  }

  /**
   * A read model a start builds again in a staging file (a new version) is not in the first file until
   * the file joins: until then it is read, as far as it is built, where it is built.
   */
  #stagedHolding(collection: string): SqliteDocumentStore | undefined {
    for (const { file } of this.#primary.documentsNow<Staging>(stagings.name)) {
      let store = this.#staged.get(file);
      if (!store) {
        const path = pathOf(this.#path, file);
        if (!existsSync(path)) continue;
        store = this.#open(path);
        this.#staged.set(file, store);
      }
      if (store.holds(collection)) return store;
    }
    return undefined;
  }

  /** Where a collection is; for a read (`reading`), one still being built in a staging file too. */
  #routeNow(collection: string, reading = false): Route {
    const place = this.#places.get(collection);
    if (!place) {
      const staged =
        reading && !this.#primary.holds(collection) ? this.#stagedHolding(collection) : undefined;
      return { store: staged ?? this.#primary, name: collection };
    }
    const store = this.#files.get(place.file);
    if (!store) throw new Error(`The file of ${collection} is missing`);
    return { store, name: place.stored };
  }

  #route(collection: string, reading = false): Route {
    this.#sync();
    return this.#routeNow(collection, reading);
  }

  async ensureCollection(definition: CollectionDefinition, options?: EnsureOptions): Promise<void> {
    const { store, name } = this.#route(definition.name);
    await store.ensureCollection({ ...definition, name }, options);
  }

  async createIndexes(collection: string): Promise<void> {
    const { store, name } = this.#route(collection);
    await store.createIndexes(name);
  }

  async dropCollection(collection: string): Promise<void> {
    const { store, name } = this.#route(collection);
    if (store === this.#primary) return this.#primary.dropCollection(collection);
    await this.#primary.write([
      { op: 'delete', collection: placements.name, id: collection, position: ANY_POSITION },
    ]);
    this.#sync();
    // The name is the first file's again: a table of that name there, replaced by the placed one and
    // not dropped yet (a crash before the tidying after the switch), must not serve as it.
    await this.#primary.dropCollection(collection);
    // A file left serving nothing goes whole; otherwise the table goes, a part at a time.
    if ([...this.#files.values()].includes(store)) await store.dropCollection(name);
    else await this.#tidyAfter();
  }

  tidy(): Promise<void> {
    return this.#tidyAfter();
  }

  async forgetLostFiles(): Promise<string[]> {
    this.#sync();
    const lost = [...this.#places.values()].filter((place) => !existsSync(pathOf(this.#path, place.file)));
    if (lost.length === 0) return [];
    await this.#primary.write(
      lost.map(({ id }) => ({ op: 'delete', collection: placements.name, id, position: ANY_POSITION })),
    );
    this.#sync();
    return lost.map((place) => place.id);
  }

  #tidyAfter(): Promise<void> {
    this.#tidying = this.#tidying.then(() => this.#tidy()).catch(() => {});
    return this.#tidying;
  }

  async get<T extends Document = Document>(collection: string, id: string): Promise<T | null> {
    const { store, name } = this.#route(collection, true);
    return store.get<T>(name, id);
  }

  async find<T extends Document = Document>(collection: string, query: Query): Promise<T[]> {
    const { store, name } = this.#route(collection, true);
    return store.find<T>(name, query);
  }

  async count(collection: string, filter?: Filter, options?: CountOptions): Promise<number> {
    const { store, name } = this.#route(collection, true);
    return store.count(name, filter, options);
  }

  async findNear<T extends Document = Document>(collection: string, query: NearQuery) {
    const { store, name } = this.#route(collection, true);
    return store.findNear<T>(name, query);
  }

  async write(operations: WriteOperation[], options: WriteOptions = {}): Promise<void> {
    this.#sync();
    // Every read model in the first file (a new store, or one never rebuilt): as one store.
    if (this.#places.size === 0) return this.#primary.write(operations, options);
    const parts = new Map<SqliteDocumentStore, WriteOperation[]>();
    for (const operation of operations) {
      const { store, name } = this.#routeNow(operation.collection);
      const part = parts.get(store) ?? [];
      parts.set(store, part);
      part.push(name === operation.collection ? operation : { ...operation, collection: name });
    }
    const mark = options.unsettled ? this.#routeNow(options.unsettled.collection) : null;
    if (parts.size <= 1) {
      const [[store, part] = [this.#primary, []]] = parts;
      const unsettled =
        mark?.store === store && options.unsettled
          ? { collection: mark.name, id: options.unsettled.id }
          : undefined;
      return store.write(part, { unsettled, after: options.after });
    }
    // Parts in several files are routed now and prepared by each file's store once `after` resolves.
    await options.after;
    if (!mark || !options.unsettled) {
      await Promise.all([...parts].map(([store, part]) => store.write(part)));
      return;
    }
    // Several files, each its own commit: the mark first, then the others, then the mark's file with
    // its removal. A crash between leaves the mark, and a reader of it knows the batch was cut.
    const id = options.unsettled.id;
    await mark.store.write([{ op: 'put', collection: mark.name, document: { id }, position: 1n }]);
    await Promise.all(
      [...parts].filter(([store]) => store !== mark.store).map(([store, part]) => store.write(part)),
    );
    await mark.store.write([
      ...(parts.get(mark.store) ?? []),
      { op: 'delete', collection: mark.name, id, position: ANY_POSITION },
    ]);
  }

  async stagingFile(key: string, options: StagingOptions = {}): Promise<string | null> {
    // After the tidying under way, which deletes the files it finds no place or staging for.
    await this.#tidying;
    await this.#ensureOwnCollections();
    const staged = await this.#primary.get<Staging>(stagings.name, key);
    if (staged && !options.fresh) return pathOf(this.#path, staged.file);
    if (staged) {
      await this.#primary.write([
        { op: 'delete', collection: stagings.name, id: key, position: ANY_POSITION },
      ]);
      unlinkDatabase(pathOf(this.#path, staged.file));
    }
    if (options.create === false) return null;
    const file = `r${randomBytes(5).toString('hex')}`;
    await this.#primary.write([
      { op: 'put', collection: stagings.name, document: { id: key, file }, position: 1n },
    ]);
    return pathOf(this.#path, file);
  }

  async replaceCollections(
    replacements: CollectionReplacement[],
    operations: WriteOperation[],
    options: ReplaceOptions = {},
  ): Promise<void> {
    this.#sync();
    if (!options.staged) {
      for (const { target, source } of replacements)
        if (this.#places.has(target) || this.#places.has(source))
          throw new Error(`${target} is in a file of its own: it is replaced from a staging file`);
      return this.#primary.replaceCollections(replacements, operations);
    }
    await this.#ensureOwnCollections();
    const staged = await this.#primary.get<Staging>(stagings.name, options.staged);
    if (!staged) throw new Error(`No staging file is under way for ${options.staged}`);
    for (const operation of operations)
      if (this.#routeNow(operation.collection).store !== this.#primary)
        throw new Error(`A switch writes only to the first file (${operation.collection})`);
    const joining = this.#staged.get(staged.file) ?? this.#open(pathOf(this.#path, staged.file));
    this.#staged.delete(staged.file);
    const built = new Set(joining.collectionNames());
    const missing = replacements.find(({ source }) => !built.has(source));
    if (missing) {
      await joining.close();
      throw new Error(`The staging file has no ${missing.source}`);
    }
    this.#files.set(staged.file, joining);
    // One commit of the first file: the places, the staging file no longer under way, the operations.
    await this.#primary.write([
      ...replacements.flatMap(({ target, source }): WriteOperation[] => [
        { op: 'delete', collection: placements.name, id: target, position: ANY_POSITION },
        {
          op: 'put',
          collection: placements.name,
          document: { id: target, file: staged.file, stored: source },
          position: 1n,
        },
      ]),
      { op: 'delete', collection: stagings.name, id: options.staged, position: ANY_POSITION },
      ...operations,
    ]);
    this.#sync();
    // In the background: the switch is over for the read models' readers and writers.
    void this.#tidyAfter();
  }

  /**
   * After a switch: files serving no read model go whole; what the first file and the joined files
   * hold that no longer serves (the tables replaced, a builder's scratch copies and checkpoints) is
   * dropped a part at a time, the writes of the read models in service in between. Files an earlier
   * switch left (a crash before this) go too.
   */
  async #tidy(): Promise<void> {
    this.#sync();
    const served = new Map<SqliteDocumentStore, Set<string>>();
    for (const place of this.#places.values()) {
      const store = this.#files.get(place.file);
      if (!store) continue;
      const names = served.get(store) ?? new Set<string>();
      names.add(place.stored);
      served.set(store, names);
    }
    for (const name of this.#primary.collectionNames())
      if (this.#places.has(name)) await this.#primary.dropCollection(name);
    for (const [store, names] of served)
      for (const name of store.collectionNames()) if (!names.has(name)) await store.dropCollection(name);
    await Promise.all(this.#closing);
    this.#closing = [];
    // The places and staging files as they stand now, with no wait before the files are listed (a
    // staging file begun meanwhile waits for this tidying, see `stagingFile`).
    this.#sync();
    const kept = new Set([...this.#places.values()].map((place) => place.file));
    const staging = new Set(this.#primary.documentsNow<Staging>(stagings.name).map((staged) => staged.file));
    const extension = extname(this.#path);
    const prefix = `${basename(this.#path, extension)}.`;
    for (const entry of readdirSync(dirname(this.#path))) {
      if (!entry.startsWith(prefix) || !entry.endsWith(extension)) continue;
      const file = entry.slice(prefix.length, entry.length - extension.length);
      if (!/^r[0-9a-f]{10}$/.test(file) || kept.has(file) || staging.has(file)) continue;
      unlinkDatabase(join(dirname(this.#path), entry));
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#tidying;
    await Promise.all(this.#closing);
    for (const store of [...this.#files.values(), ...this.#staged.values()]) await store.close();
    this.#files.clear();
    this.#staged.clear();
    await this.#primary.close();
  }
}
