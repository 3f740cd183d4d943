import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type DocumentStore,
  type EventStore,
  openEsdbEventStore,
  openMongoDocumentStore,
  openSqliteDocumentStore,
  openSqliteEventStore,
  type Upcast,
  upcastingEventStore,
} from '@dispatch/storage';
import type { Environment } from './environment.ts';

/** Where the stores are: a process (or a thread of it) opens its own connections to them from this. */
export type StoreLocation = Pick<Environment, 'DATA_DIR' | 'EVENTSTORE_URL' | 'MONGO_URL' | 'MONGO_DB'>;

/** The store variables of an environment alone, to hand to a thread (the rest holds secrets). */
export function storeLocationOf(env: StoreLocation): StoreLocation {
  const { DATA_DIR, EVENTSTORE_URL, MONGO_URL, MONGO_DB } = env;
  return { DATA_DIR, EVENTSTORE_URL, MONGO_URL, MONGO_DB };
}

/**
 * EventStoreDB when EVENTSTORE_URL is set, otherwise the embedded SQLite file under DATA_DIR; every
 * read passing through `upcast` (the domain's upcasters) when given.
 */
export function openEventStoreFor(env: StoreLocation, options: { upcast?: Upcast } = {}): EventStore {
  let store: EventStore;
  if (env.EVENTSTORE_URL) store = openEsdbEventStore({ url: env.EVENTSTORE_URL });
  else {
    mkdirSync(env.DATA_DIR, { recursive: true });
    store = openSqliteEventStore({ path: join(env.DATA_DIR, 'events.sqlite') });
  }
  return options.upcast ? upcastingEventStore(store, options.upcast) : store;
}

/**
 * MongoDB when MONGO_URL is set, otherwise the embedded SQLite file under DATA_DIR; or, with `path`,
 * a rebuild's staging file alone (see `DocumentStore.stagingFile`).
 */
export async function openDocumentStoreFor(
  env: StoreLocation,
  options: { path?: string } = {},
): Promise<DocumentStore> {
  if (options.path) return openSqliteDocumentStore({ path: options.path, alone: true });
  if (env.MONGO_URL) return openMongoDocumentStore({ url: env.MONGO_URL, dbName: env.MONGO_DB });
  mkdirSync(env.DATA_DIR, { recursive: true });
  return openSqliteDocumentStore({
    path: join(env.DATA_DIR, 'read-models.sqlite'),
  });
}
