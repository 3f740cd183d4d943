export {
  type MongoDocumentStoreOptions,
  openMongoDocumentStore,
} from './document-store/mongodb/open-mongo-document-store.ts';
export type {
  CollectionDefinition,
  Condition,
  CountOptions,
  Document,
  DocumentStore,
  FieldType,
  Filter,
  GeoPoint,
  NearMatch,
  NearPage,
  NearQuery,
  Query,
  Scalar,
  SortKey,
  WriteOperation,
  WriteOptions,
} from './document-store/port.ts';
export { joinedFilesOf } from './document-store/sqlite/file-set-store.ts';
export {
  openSqliteDocumentStore,
  type SqliteDocumentStoreOptions,
} from './document-store/sqlite/open-sqlite-document-store.ts';
export { incremented } from './document-store/stored-document.ts';
export { type EsdbEventStoreOptions, openEsdbEventStore } from './event-store/esdb/open-esdb-event-store.ts';
export { newEventId } from './event-store/event-id.ts';
export { type EventCause, eventMetadata } from './event-store/event-metadata.ts';
export {
  type AppendOptions,
  type AppendResult,
  type EventHandler,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  type StreamAppendOutcome,
  StreamNotFoundError,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from './event-store/port.ts';
export {
  openSqliteEventStore,
  type SqliteEventStoreOptions,
} from './event-store/sqlite/open-sqlite-event-store.ts';
export { type Upcast, upcastingEventStore } from './event-store/upcasting-event-store.ts';
