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

/**
 * EventStoreDB when EVENTSTORE_URL is set, otherwise the embedded SQLite file under DATA_DIR; every
 * read passing through `upcast` (the domain's upcasters) when given.
 */
export function openEventStoreFor(env: Environment, options: { upcast?: Upcast } = {}): EventStore {
  let store: EventStore;
  if (env.EVENTSTORE_URL) store = openEsdbEventStore({ url: env.EVENTSTORE_URL });
  else {
    mkdirSync(env.DATA_DIR, { recursive: true });
    store = openSqliteEventStore({ path: join(env.DATA_DIR, 'events.sqlite') });
  }
  return options.upcast ? upcastingEventStore(store, options.upcast) : store;
}

/** MongoDB when MONGO_URL is set, otherwise the embedded SQLite file under DATA_DIR. */
export async function openDocumentStoreFor(env: Environment): Promise<DocumentStore> {
  if (env.MONGO_URL) return openMongoDocumentStore({ url: env.MONGO_URL, dbName: env.MONGO_DB });
  mkdirSync(env.DATA_DIR, { recursive: true });
  return openSqliteDocumentStore({ path: join(env.DATA_DIR, 'read-models.sqlite') });
}
