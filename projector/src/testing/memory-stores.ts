import {
  type DocumentStore,
  type EventStore,
  openSqliteDocumentStore,
  openSqliteEventStore,
} from '@dispatch/storage';
import { afterEach, beforeEach } from 'vitest';

/** An event store and a document store in memory, new for each test of the file that asks, closed after it. */
export function memoryStoresPerTest(): { events: EventStore; documents: DocumentStore } {
  const stores = {} as { events: EventStore; documents: DocumentStore };
  beforeEach(() => {
    stores.events = openSqliteEventStore({ path: ':memory:' });
    stores.documents = openSqliteDocumentStore({ path: ':memory:' });
  });
  afterEach(async () => {
    await stores.documents.close();
    await stores.events.close();
  });
  return stores;
}
