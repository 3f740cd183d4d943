/**
 * The event store port. Every adapter (sqlite, esdb) satisfies the same contract,
 * proven by `event-store.contract.ts` run against each of them.
 *
 * - Streams are `{category}-{id}`.
 * - Revisions start at 0 on every backend; a stream's revision is the revision of its last event.
 * - Positions are global, strictly increasing in commit order, always > 0n. `0n` means "before everything".
 */

export interface EventMetadata {
  orgId: string;
  actorId: string;
  correlationId: string;
  causationId: string | null;
  schemaVersion: number;
  /** ISO 8601 timestamp of when the command produced the event. */
  occurredAt: string;
  /**
   * The client address of the HTTP request that caused the event (the real client behind the proxies
   * TRUSTED_PROXIES names). Absent on events from before it was recorded and on the product's own
   * (the envelope sweep, the demo data).
   */
  ip?: string;
  /** The User-Agent header of that request, at most 300 characters; absent likewise, or when none was sent. */
  userAgent?: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** uuid, unique across the store. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  revision: bigint;
  position: bigint;
}

export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export interface AppendOptions {
  expected: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the last appended event. */
  nextRevision: bigint;
  /** Global position of the last appended event. */
  position: bigint;
}

/** One stream's share of `appendToStreams`. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

/**
 * What one stream's share of `appendToStreams` came to: its result, or the error that kept it from
 * being stored (WrongExpectedRevisionError when its expected revision did not hold).
 */
export type StreamAppendOutcome = { result: AppendResult } | { error: Error };

export type EventHandler = (event: RecordedEvent) => Promise<void> | void;

export interface Subscription {
  /** Stops delivery; resolves once no handler call is running any more. */
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** Called when the handler throws; delivery resumes with the same event after a backoff. */
  onError?: (error: unknown, event: RecordedEvent) => void;
  /** Called once catch-up has reached the head that existed when the subscription started. */
  onCaughtUp?: (position: bigint) => void;
}

export interface EventStore {
  /**
   * Appends events atomically. Throws WrongExpectedRevisionError when `expected` does not hold.
   * Re-appending a batch whose event ids were already appended to the same stream is idempotent
   * and returns the original result (as EventStoreDB does).
   */
  append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Appends to several streams at once, in the order given: each share is checked against its own
   * expected revision (the earlier shares of the same call included) and answered on its own, in the
   * same order. A share that fails (a conflict, an event id already used) stores nothing and does not
   * keep the others from being stored. SQLite commits them all in one transaction (one fsync);
   * EventStoreDB, which has no transaction across streams, appends each share on its own (those of
   * different streams at once, those of one stream in order), so there a crash part-way may leave
   * some shares stored and others not: each stays all or nothing. Throws only when
   * the store takes none of them (closed, a share without events, the transaction failing).
   */
  appendToStreams(appends: StreamAppend[]): Promise<StreamAppendOutcome[]>;
  /** All events of a stream in revision order. Throws StreamNotFoundError for a stream that has none. */
  readStream(streamId: string, options?: { fromRevision?: bigint }): Promise<RecordedEvent[]>;
  /**
   * Many streams at once (a sweep's page): each one's events in revision order, under its id; a
   * stream that has none is left out, an id given twice is read once. SQLite answers them from one
   * query; EventStoreDB reads them side by side.
   */
  readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>>;
  /** Up to `max` events with position > `from`, in position order. */
  readAll(from: bigint, max: number): Promise<RecordedEvent[]>;
  /** Position of the newest event, 0n when the store is empty. */
  headPosition(): Promise<bigint>;
  /**
   * Delivers every event with position > `from` in order: first catch-up, then live.
   * Handler errors do not end the subscription: the same event is delivered again after a backoff.
   */
  subscribe(from: bigint, handler: EventHandler, options?: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  /** The stream's actual revision, or 'no_stream'. */
  readonly actual: bigint | 'no_stream';
  constructor(streamId: string, expected: ExpectedRevision, actual: bigint | 'no_stream') {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}

export class StreamNotFoundError extends Error {
  override readonly name = 'StreamNotFoundError';
  readonly streamId: string;
  constructor(streamId: string) {
    super(`Stream ${streamId} not found`);
    this.streamId = streamId;
  }
}
