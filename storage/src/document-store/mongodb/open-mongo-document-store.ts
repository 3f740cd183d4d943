import { type Db, MongoClient, MongoServerError } from 'mongodb';
import {
  assertCollectionName,
  assertValidDefinition,
  singlyIndexedFields,
} from '../collection-definition.ts';
import { byDistanceThenId, EARTH_RADIUS_MILES, greatCircleMiles, pointOf } from '../geo.ts';
import type {
  CollectionDefinition,
  CollectionReplacement,
  CountOptions,
  Document,
  DocumentStore,
  EnsureOptions,
  Filter,
  GeoPoint,
  NearPage,
  NearQuery,
  Query,
  ReplaceOptions,
  WriteOperation,
  WriteOptions,
} from '../port.ts';
import { countLimitOf, planFilter, planQuery } from '../query-plan.ts';
import { pathOf, toMongoFilter, toMongoSort } from './query-to-mongo.ts';
import { geoPathOf, type StoredDocument, toDocument, valueAt } from './stored-document.ts';
import { writeInTransaction } from './write-in-transaction.ts';

export interface MongoDocumentStoreOptions {
  /** A replica set (transactions need one), e.g. `mongodb://localhost:27017/?replicaSet=rs0`. */
  url: string;
  dbName: string;
}

/** Collection names must start with a letter, so this one cannot clash with a read model. */
const catalogName = '_document_collections';
const namespaceExists = 48;
const namespaceNotFound = 26;

interface CatalogEntry {
  _id: string;
  /** As JSON: declared field paths contain dots, which make awkward MongoDB keys. */
  definition: string;
}

export async function openMongoDocumentStore(options: MongoDocumentStoreOptions): Promise<DocumentStore> {
  // Positions are 64-bit: read them back as bigint rather than as Long objects or rounded numbers.
  const client = new MongoClient(options.url, { useBigInt64: true });
  await client.connect();
  return new MongoDocumentStore(client, client.db(options.dbName));
}

class MongoDocumentStore implements DocumentStore {
  readonly #client: MongoClient;
  readonly #db: Db;
  readonly #known = new Map<string, CollectionDefinition>();

  constructor(client: MongoClient, db: Db) {
    this.#client = client;
    this.#db = db;
  }

  get #catalog() {
    return this.#db.collection<CatalogEntry>(catalogName);
  }

  /** Another process may have ensured the collection: fall back to the catalog kept in the database. */
  async #definition(name: string): Promise<CollectionDefinition> {
    const known = this.#known.get(name);
    if (known) return known;
    assertCollectionName(name);
    const entry = await this.#catalog.findOne({ _id: name });
    if (!entry) throw new Error(`Collection ${name} does not exist; ensureCollection creates it`);
    const definition = JSON.parse(entry.definition) as CollectionDefinition;
    this.#known.set(name, definition);
    return definition;
  }

  #collection(name: string) {
    return this.#db.collection<StoredDocument>(name);
  }

  async ensureCollection(definition: CollectionDefinition, options: EnsureOptions = {}): Promise<void> {
    assertValidDefinition(definition);
    try {
      await this.#db.createCollection(definition.name);
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === namespaceExists)) throw error;
    }
    if (!options.deferIndexes) await this.#createIndexes(definition);
    await this.#catalog.replaceOne(
      { _id: definition.name },
      { definition: JSON.stringify(definition) },
      { upsert: true },
    );
    this.#known.set(definition.name, definition);
  }

  async createIndexes(name: string): Promise<void> {
    await this.#createIndexes(await this.#definition(name));
  }

  async #createIndexes(definition: CollectionDefinition): Promise<void> {
    const collection = this.#collection(definition.name);
    const indexes = [
      ...singlyIndexedFields(definition).map((field) => [field]),
      ...(definition.indexes ?? []),
    ];
    for (const fields of indexes) {
      // The trailing _id serves the tie-break of sorted, paged queries.
      const keys = Object.fromEntries([
        ...fields.map((field) => [pathOf(field), 1] as const),
        ['_id', 1] as const,
      ]);
      // Existing indexes are left as they are: createIndex of an existing key pattern does nothing.
      await collection.createIndex(keys);
    }
    for (const field of definition.geoIndex ?? [])
      await collection.createIndex({ [geoPathOf(field)]: '2dsphere' });
  }

  /**
   * The candidates come from the 2dsphere index (a sphere cap slightly wider than the radius); the
   * distances are measured here with the same formula as the SQLite adapter's, so both answer alike.
   */
  async #near(
    collection: string,
    query: NearQuery,
  ): Promise<{ id: string; miles: number; keys: unknown[] }[]> {
    const definition = await this.#definition(collection);
    const { also } = query;
    for (const field of [query.field, ...(also ? [also.field] : [])])
      if (!(definition.geoIndex ?? []).includes(field))
        throw new Error(`Field ${field} of ${collection} has no geo index`);
    const { sort: thenBy } = planQuery(definition, { sort: query.thenBy ?? [] });
    const within = (center: GeoPoint, miles: number) => ({
      $geoWithin: {
        $centerSphere: [[center.longitude, center.latitude], (miles / EARTH_RADIUS_MILES) * (1 + 1e-9)],
      },
    });
    const filter = {
      ...toMongoFilter(planFilter(definition, query.filter)),
      [geoPathOf(query.field)]: within(query.center, query.maxMiles),
      ...(also ? { [geoPathOf(also.field)]: within(also.center, also.maxMiles) } : {}),
    };
    const projection: Record<string, 1> = { _id: 1, [query.field]: 1 };
    if (also) projection[also.field] = 1;
    for (const key of thenBy) projection[pathOf(key.field)] = 1;
    const candidates = await this.#collection(collection).find(filter, { projection }).toArray();
    const matches: { id: string; miles: number; keys: unknown[] }[] = [];
    for (const candidate of candidates) {
      const point = pointOf(valueAt(candidate, query.field));
      if (!point) continue;
      const miles = greatCircleMiles(query.center, point);
      if (miles > query.maxMiles || (query.acceptPoint && !query.acceptPoint(point))) continue;
      if (also) {
        const second = pointOf(valueAt(candidate, also.field));
        if (!second || greatCircleMiles(also.center, second) > also.maxMiles) continue;
      }
      matches.push({ id: candidate._id, miles, keys: thenBy.map((key) => valueAt(candidate, key.field)) });
    }
    // At one distance, the rows by `thenBy` (nulls first ascending, as SQLite and MongoDB sort them), then by id.
    const order = (a: { keys: unknown[] }, b: { keys: unknown[] }) => {
      for (const [index, key] of thenBy.entries()) {
        const x = a.keys[index] ?? null;
        const y = b.keys[index] ?? null;
        if (x === y) continue;
        const lower =
          x === null ? true : y === null ? false : (x as string | number) < (y as string | number);
        return (lower ? -1 : 1) * (key.direction === 'desc' ? -1 : 1);
      }
      return 0;
    };
    return matches.sort((a, b) => a.miles - b.miles || order(a, b) || byDistanceThenId(a, b));
  }

  async findNear<T extends Document = Document>(collection: string, query: NearQuery): Promise<NearPage<T>> {
    const matches = await this.#near(collection, query);
    const totalCount = Math.min(matches.length, query.countLimit ?? Number.POSITIVE_INFINITY);
    const skip = query.skip ?? 0;
    const page = matches.slice(skip, query.limit === undefined ? undefined : skip + query.limit);
    if (page.length === 0) return { totalCount, matches: [] };
    const found = await this.#collection(collection)
      .find({ _id: { $in: page.map((match) => match.id) } })
      .toArray();
    const documents = new Map(found.map((stored) => [stored._id, toDocument<T>(stored)]));
    return {
      totalCount,
      matches: page.flatMap((match) => {
        const document = documents.get(match.id);
        return document ? [{ document, miles: match.miles }] : [];
      }),
    };
  }

  async dropCollection(name: string): Promise<void> {
    assertCollectionName(name);
    try {
      await this.#collection(name).drop();
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === namespaceNotFound)) throw error;
    }
    await this.#catalog.deleteOne({ _id: name });
    this.#known.delete(name);
  }

  async get<T extends Document = Document>(collection: string, id: string): Promise<T | null> {
    await this.#definition(collection);
    const stored = await this.#collection(collection).findOne({ _id: id });
    return stored ? toDocument<T>(stored) : null;
  }

  async find<T extends Document = Document>(collection: string, query: Query): Promise<T[]> {
    const plan = planQuery(await this.#definition(collection), query);
    // A MongoDB limit of 0 means no limit at all.
    if (plan.limit === 0) return [];
    const found = await this.#collection(collection)
      .find(toMongoFilter(plan.predicates), {
        sort: toMongoSort(plan),
        skip: plan.skip,
        ...(plan.limit === undefined ? {} : { limit: plan.limit }),
      })
      .toArray();
    return found.map((stored) => toDocument<T>(stored));
  }

  async count(collection: string, filter?: Filter, options?: CountOptions): Promise<number> {
    const predicates = planFilter(await this.#definition(collection), filter);
    const limit = countLimitOf(options);
    return this.#collection(collection).countDocuments(
      toMongoFilter(predicates),
      limit === undefined ? {} : { limit },
    );
  }

  /** One transaction whatever the options: a batch given `unsettled` is never cut here (see `WriteOptions`). */
  async write(operations: WriteOperation[], options: WriteOptions = {}): Promise<void> {
    await options.after;
    if (operations.length === 0) return;
    const session = this.#client.startSession();
    try {
      await session.withTransaction(
        () => writeInTransaction(this.#db, session, operations, (name) => this.#definition(name)),
        { readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' } },
      );
    } finally {
      await session.endSession();
    }
  }

  async replaceCollections(
    replacements: CollectionReplacement[],
    operations: WriteOperation[],
    options: ReplaceOptions = {},
  ): Promise<void> {
    if (options.staged) throw new Error('MongoDB has no staging files to join');
    for (const { target, source } of replacements) {
      const definition = await this.#definition(source);
      // renameCollection with dropTarget swaps the source in atomically: readers see one or the other.
      await this.#collection(source).rename(target, { dropTarget: true });
      await this.#catalog.replaceOne(
        { _id: target },
        { definition: JSON.stringify({ ...definition, name: target }) },
        { upsert: true },
      );
      await this.#catalog.deleteOne({ _id: source });
      this.#known.delete(source);
      this.#known.set(target, { ...definition, name: target });
    }
    await this.write(operations);
  }

  async close(): Promise<void> {
    await this.#client.close();
  }
}
