import {
  type DocumentStore,
  type EventStore,
  openSqliteDocumentStore,
  openSqliteEventStore,
} from '@dispatch/storage';
import { afterEach, beforeEach } from 'vitest';

export interface MemoryStores {
  events: EventStore;
  documents: DocumentStore;
}

/**
 * An event store and a document store in memory, new for each test of the file that asks, closed after
 * it. `opened` is told of each new pair (for a file that keeps them in its own variables).
 */
export function memoryStoresPerTest(opened?: (stores: MemoryStores) => void): MemoryStores {
  const stores = {} as MemoryStores;
  beforeEach(() => {
    stores.events = openSqliteEventStore({ path: ':memory:' });
    stores.documents = openSqliteDocumentStore({ path: ':memory:' });
    opened?.(stores);
  });
  afterEach(async () => {
    await stores.documents.close();
    await stores.events.close();
  });
  return stores;
}
