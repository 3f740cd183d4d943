/**
 * The document store port: read models for the query side. Every adapter (sqlite, mongodb)
 * satisfies the same contract, proven by `document-store.contract.ts` run against each of them.
 *
 * Every document has `id` (string) and `position` (the global event position it was last changed at,
 * stored as a decimal string in the document). A write at or below a document's stored position is
 * ignored, so replaying events is harmless.
 */

export type FieldType = 'text' | 'number' | 'boolean' | 'date';

export interface CollectionDefinition {
  name: string;
  /**
   * Fields that queries filter or sort on, with their type. Only these may appear in a query
   * (the sqlite adapter keeps them as generated, indexed columns). `date` values are ISO 8601 strings.
   * Nested fields use dot paths ("location.city").
   */
  fields: Record<string, FieldType>;
  /** Compound indexes, each a list of fields in order. */
  indexes?: string[][];
  /**
   * Whether every declared field also gets an index of its own (default true). A collection whose
   * queries always start with the same field (the organization) does better with only `indexes`:
   * single-field indexes then narrow nothing, cost every write, and may draw the query planner away
   * from the compound index a query needs.
   */
  indexEachField?: boolean;
  /**
   * Text fields whose `contains` filters a store may answer from a text index rather than by reading
   * every row (SQLite, for needles of three characters or more: an FTS5 trigram index and a narrow copy
   * of each row with the fields of `indexes` and the lowered texts, see sqlite/text-search.ts; MongoDB
   * matches them as before). Built with the other indexes, so a deferred rebuild defers it too.
   */
  textIndex?: string[];
  /**
   * Whether the text index keeps where each run of a text stands (the default) or only which rows hold
   * it (`false`). Without positions, SQLite's trigram index is about a third of the size and builds in
   * about 40% less time (the activity log of the 1.6M-event board: 163 against 467 MB, 28 against 47
   * s); a needle's candidates are then the rows holding each of its chosen runs anywhere, not in a row,
   * and the exact test on the search rows sorts them out. For long texts matched by their rare runs;
   * short texts that share most runs (truck names) keep the positions, whose phrases rule out more.
   */
  textIndexPositions?: boolean;
  /**
   * Point fields answered by `findNear`. A point field holds `{ latitude, longitude }` (WGS 84
   * degrees) or null (a place the map does not know); `<field>.latitude` and `<field>.longitude`
   * must be declared as numbers. MongoDB keeps a 2dsphere index of each (after `geoIndexPrefix`);
   * SQLite narrows by a compound index of the collection's that holds the latitude and longitude
   * (declare one in `indexes`, after the fields every near query filters on by equality).
   */
  geoIndex?: string[];
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Documents whose point `field` lies within `maxMiles` (great-circle) of `center`, nearest first. */
export interface NearQuery {
  field: string;
  center: GeoPoint;
  maxMiles: number;
  filter?: Filter;
  skip?: number;
  limit?: number;
  /** Keeps only the points it accepts (besides the distance): a compass sector seen from the center, say. */
  acceptPoint?: (point: GeoPoint) => boolean;
  /**
   * And whose second point field `also.field` (a geo-indexed field too) lies within `also.maxMiles`
   * of `also.center`: a lane from one place to another. A document whose second point is null is in
   * no such radius.
   */
  also?: { field: string; center: GeoPoint; maxMiles: number };
  /** The order of the documents at one distance: these fields, then id ascending (id alone without). */
  thenBy?: SortKey[];
  /**
   * Counting stops at this many matches (a positive integer): `totalCount` is then the smaller of the
   * number of matches and `countLimit`, as `count`'s `limit`. A near query of a busy city answers its
   * page from the nearest rows without counting every row within the radius.
   */
  countLimit?: number;
}

export interface NearPage<T> {
  /** How many documents match in all (the page aside), up to the query's `countLimit` when it has one. */
  totalCount: number;
  matches: NearMatch<T>[];
}

export interface NearMatch<T> {
  document: T;
  /** The great-circle distance from the center, in miles (earth radius 3958.8 mi), unrounded. */
  miles: number;
}

export interface Document {
  id: string;
  position: string;
  [field: string]: unknown;
}

export type Scalar = string | number | boolean | null;

export type Condition =
  | { eq: Scalar }
  | { ne: Scalar }
  | { in: Scalar[] }
  | { gt?: string | number; gte?: string | number; lt?: string | number; lte?: string | number }
  /** case-insensitive substring match on a text field */
  | { contains: string };

/** All conditions must hold (AND). */
export type Filter = Record<string, Condition>;

export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
}

export interface Query {
  filter?: Filter;
  /** Ties are always broken by `id` ascending so pages are stable. */
  sort?: SortKey[];
  skip?: number;
  limit?: number;
}

export type WriteOperation =
  /** Replaces the whole document if its stored position is below `position` (or it does not exist). */
  | { op: 'put'; collection: string; document: Omit<Document, 'position'>; position: bigint }
  /** Deletes the document if its stored position is below `position`. */
  | { op: 'delete'; collection: string; id: string; position: bigint }
  /**
   * Adds `by` to numeric fields of the document (creating it from `insert` plus zeroed counters when
   * absent) if its stored position is below `position`.
   */
  | {
      op: 'increment';
      collection: string;
      id: string;
      insert: Record<string, unknown>;
      by: Record<string, number>;
      position: bigint;
    };

export interface EnsureOptions {
  /**
   * Leave the collection's indexes to `createIndexes`: a bulk load into an empty collection (a
   * rebuild from position 0) writes its rows faster without index entries to keep in order, and an
   * index built once over the loaded rows costs less than one kept up row by row. Queries work
   * meanwhile, without the indexes' speed. Indexes that already exist are kept.
   */
  deferIndexes?: boolean;
}

export interface CountOptions {
  /**
   * Counting stops at this many matches (a positive integer): the answer is the smaller of the number
   * of matches and `limit`. A list that shows "1,000+" needs no more, and a count of a text most rows
   * hold then costs the rows up to the limit, not all of them.
   */
  limit?: number;
}

export interface WriteOptions {
  /**
   * The batch may be committed in parts: on SQLite, a batch over read models in several files (a
   * rebuild's file joined to the first, see `stagingFile`) commits in each of them. From before the
   * first part to the last, the document `unsettled.id` is in `unsettled.collection`; the last part
   * removes it. Finding it means the batch was cut midway (a crash between parts): what it wrote is
   * partly there. A batch in one file, or on MongoDB (one transaction), is atomic and leaves no mark.
   */
  unsettled?: { collection: string; id: string };
  /**
   * The batch before it, still being written: this one is prepared now (on SQLite, its rows serialised
   * on the caller's thread while the writer thread writes that one) and handed to the store once `after`
   * resolves. Should `after` reject, nothing of this batch is written, and the write rejects with its
   * reason.
   */
  after?: Promise<unknown>;
}

export interface CollectionReplacement {
  target: string;
  source: string;
}

export interface ReplaceOptions {
  /**
   * The sources are in the staging file of this key (`stagingFile`), built there by a store of its own:
   * the file joins this store, and each source serves under its target's name from it.
   */
  staged?: string;
}

export interface StagingOptions {
  /** An earlier staging file of the key is discarded, with what was built in it, and a new one begun. */
  fresh?: boolean;
  /** False: only the staging file the key has, null when it has none. */
  create?: boolean;
}

export interface DocumentStore {
  /** Creates the collection and its indexes if they do not exist (idempotent). */
  ensureCollection(definition: CollectionDefinition, options?: EnsureOptions): Promise<void>;
  /** Creates the indexes of an ensured collection that do not exist yet (idempotent). */
  createIndexes(name: string): Promise<void>;
  dropCollection(name: string): Promise<void>;
  get<T extends Document = Document>(collection: string, id: string): Promise<T | null>;
  find<T extends Document = Document>(collection: string, query: Query): Promise<T[]>;
  count(collection: string, filter?: Filter, options?: CountOptions): Promise<number>;
  /**
   * The page of documents within the radius, nearest first, ties broken by id ascending, and how many
   * match in all; both adapters answer the same documents and distances.
   */
  findNear<T extends Document = Document>(collection: string, query: NearQuery): Promise<NearPage<T>>;
  /** Applies all operations atomically, in order (see `WriteOptions` for a batch that may give way). */
  write(operations: WriteOperation[], options?: WriteOptions): Promise<void>;
  /**
   * Puts each `source` collection (documents, declared fields, indexes) in the place of its `target`,
   * whose previous documents are dropped, and applies `operations` (on collections other than these):
   * a read model built beside the one in service takes over from it (blue/green). The sources no
   * longer exist afterwards. On SQLite the whole switch is one transaction; on MongoDB each collection
   * is renamed atomically, one after another, and the operations follow.
   */
  replaceCollections(
    replacements: CollectionReplacement[],
    operations: WriteOperation[],
    options?: ReplaceOptions,
  ): Promise<void>;
  /**
   * SQLite on a file: the path of a file of its own beside this store's, where a rebuild's builder
   * writes with a connection and a writer thread of its own (`openSqliteDocumentStore({ path, alone:
   * true })`), so its rows, index builds and drops never wait for the live writes, nor those for it.
   * The same file for the same key until it joins (`replaceCollections` with `staged`) or is begun
   * afresh. Absent where a store has no files (MongoDB, memory): a builder writes beside the read
   * models in service, under other names.
   */
  stagingFile?(key: string, options?: StagingOptions): Promise<string | null>;
  /**
   * Drops what the store's files hold that serves no read model (what a switch interrupted by a crash
   * left: a replaced table, a builder's scratch copy, a file no read model is in). After a switch the
   * store does it by itself; the read models' owner (the projector) asks when it starts.
   */
  tidy?(): Promise<void>;
  /**
   * The read models whose file is gone (deleted by hand, or a restore without it): their places are
   * forgotten, so their names are the first file's again, and their names returned for the read
   * models' owner to build them again. Absent where a store has no files.
   */
  forgetLostFiles?(): Promise<string[]>;
  close(): Promise<void>;
}
