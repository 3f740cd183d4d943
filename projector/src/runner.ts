import {
  APPLIED_PACE_SECONDS,
  type AppliedPace,
  type Change,
  type ChangeFeed,
  ChangeSet,
  changeLogCollection,
  collections,
  ensureReadModels,
  LIVE_CHECKPOINT,
} from '@dispatch/read-models';
import type {
  CollectionDefinition,
  Document,
  DocumentStore,
  EventStore,
  RecordedEvent,
  Subscription,
  WriteOperation,
} from '@dispatch/storage';
import { incremented } from '@dispatch/storage';
import type { DocumentBody, Projection, ProjectionContext } from './projection.ts';

export interface ProjectorOptions {
  eventStore: EventStore;
  documents: DocumentStore;
  projections: Projection[];
  feed?: ChangeFeed;
  /** Also write every commit to the change log collection, for a query API in another process. */
  writeChangeLog?: boolean;
  /** Checkpoint name; a rebuild runs under its own name into its own collections. */
  name?: string;
  /** Most events applied in one atomic write. */
  batchSize?: number;
  /**
   * Most events in one write while catching up to the head the log had at start: fewer, larger
   * writes, and a counter touched by many events of a batch is written once.
   */
  catchUpBatchSize?: number;
  onError?: (error: unknown) => void;
}

export interface Projector {
  /** Position the read models reflect. */
  position(): bigint;
  /** Resolves once the read models reflect at least `position`. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

type Staged =
  | { kind: 'put'; collection: string; id: string; document: DocumentBody; position: bigint }
  | { kind: 'delete'; collection: string; id: string; position: bigint }
  | {
      kind: 'increment';
      collection: string;
      id: string;
      insert: Record<string, unknown>;
      /** Counters added so far in the batch (a Map: a rebuild adds to millions of them). */
      by: Map<string, number>;
      position: bigint;
    };

/** Staged writes and read documents by collection, then id: no composite key to build per call. */
class ByDocument<T> {
  readonly #collections = new Map<string, Map<string, T>>();
  get(collection: string, id: string): T | undefined {
    return this.#collections.get(collection)?.get(id);
  }
  set(collection: string, id: string, value: T) {
    let documents = this.#collections.get(collection);
    if (!documents) {
      documents = new Map();
      this.#collections.set(collection, documents);
    }
    documents.set(id, value);
  }
  *values(): IterableIterator<T> {
    for (const documents of this.#collections.values()) yield* documents.values();
  }
}

const countersOf = (by: Map<string, number>): Record<string, number> => Object.fromEntries(by);

/** One batch: the read models' new state per touched document, staged until the atomic write. */
class UnitOfWork implements ProjectionContext {
  readonly staged = new ByDocument<Staged>();
  /**
   * Documents read from the store during this batch. Only this batch writes them until it commits,
   * so a second read (another projection of the same event, the next event of the same posting)
   * needs no round trip.
   */
  readonly #read = new ByDocument<Document | null>();
  readonly #changed = new ChangeSet();
  position = 0n;
  private readonly documents: DocumentStore;
  /** The batch being written while this one is applied, if any: what it wrote is not stored yet. */
  private previous: InFlight | null;
  constructor(documents: DocumentStore, previous: InFlight | null) {
    this.documents = documents;
    this.previous = previous;
  }

  async #stored<T extends Document>(collection: string, id: string): Promise<T | null> {
    const read = this.#read.get(collection, id);
    if (read !== undefined) return read as T | null;
    const previous = this.previous;
    const written = previous?.unit.staged.get(collection, id);
    if (previous && written && written.kind !== 'increment') {
      // Replaced or removed by the batch being written: its outcome is known without the store.
      const document = written.kind === 'put' ? stampedDocument(written.document, written.position) : null;
      this.#read.set(collection, id, document);
      return document as T | null;
    }
    // Counters the previous batch adds to are read once it is stored (a read before could miss them).
    if (written) await previous?.done;
    const document = await this.documents.get<T>(collection, id);
    this.#read.set(collection, id, document);
    return document;
  }

  async get<T extends Document>(collection: string, id: string): Promise<T | null> {
    const staged = this.staged.get(collection, id);
    if (!staged) return this.#stored<T>(collection, id);
    if (staged.kind === 'put') return stampedDocument(staged.document, staged.position) as T;
    if (staged.kind === 'delete') return null;
    const stored = await this.#stored(collection, id);
    const counted = withIncrements(stored, { ...staged, by: countersOf(staged.by) });
    return { ...counted, position: staged.position.toString() } as unknown as T;
  }
  /** Applied: its reads are over, so it no longer holds the batch before it in memory. */
  applied() {
    this.previous = null;
  }
  put(collection: string, document: DocumentBody) {
    const position = this.position;
    this.staged.set(collection, document.id, {
      kind: 'put',
      collection,
      id: document.id,
      // Kept as given (projections hand over a new object): a rebuild stages millions of these.
      document,
      position,
    });
  }
  delete(collection: string, id: string) {
    this.staged.set(collection, id, { kind: 'delete', collection, id, position: this.position });
  }
  increment(collection: string, id: string, insert: Record<string, unknown>, by: Record<string, number>) {
    const staged = this.staged.get(collection, id);
    const position = this.position;
    if (!staged) {
      const counters = new Map<string, number>();
      for (const counter in by) counters.set(counter, by[counter] as number);
      this.staged.set(collection, id, { kind: 'increment', collection, id, insert, by: counters, position });
    } else if (staged.kind === 'increment') {
      // A rebuild makes millions of these calls: a plain loop, no intermediate arrays.
      const counters = staged.by;
      for (const counter in by) counters.set(counter, (counters.get(counter) ?? 0) + (by[counter] as number));
      staged.position = position;
    } else {
      // Counting on top of a document this batch already replaced or removed: the result is known here.
      const base = staged.kind === 'put' ? staged.document : null;
      const document = withIncrements(base, { id, insert, by });
      this.staged.set(collection, id, {
        kind: 'put',
        collection,
        id,
        document: { ...document, id },
        position,
      });
    }
  }
  changed(kind: string, orgId: string, id: string | number) {
    this.#changed.add(kind, orgId, id);
  }

  /** What changed in the batch, per kind and organization. */
  changes(): Change[] {
    return this.#changed.list();
  }

  operations(
    checkpointName: string,
    readModels: string,
    writeChangeLog: boolean,
    applied: AppliedPace,
  ): WriteOperation[] {
    const operations: WriteOperation[] = [];
    for (const staged of this.staged.values()) {
      const { collection, id, position } = staged;
      if (staged.kind === 'put') {
        operations.push({ op: 'put', collection, document: staged.document, position });
      } else if (staged.kind === 'delete') {
        operations.push({ op: 'delete', collection, id, position });
      } else {
        // Counters that cancelled out within the batch (an edit that moved nothing) are not written.
        const by: Record<string, number> = {};
        let changed = false;
        for (const [counter, amount] of staged.by) {
          if (amount === 0) continue;
          by[counter] = amount;
          changed = true;
        }
        if (changed)
          operations.push({ op: 'increment', collection, id, insert: staged.insert, by, position });
      }
    }
    if (writeChangeLog) {
      operations.push({
        op: 'put',
        collection: changeLogCollection.name,
        document: {
          id: this.position.toString(),
          seq: Number(this.position),
          changes: this.changes(),
        },
        position: this.position,
      });
    }
    operations.push({
      op: 'put',
      collection: collections.checkpoints,
      document: { id: checkpointName, readModels, applied },
      position: this.position,
    });
    return operations;
  }
}

/** Longest the projector applies events before it lets the process's other work run. */
const YIELD_EVERY_MS = 20;

/** The pace with `events` more applied at `now`, pairs older than the window dropped. */
export function paceWith(pace: AppliedPace, events: number, now = Date.now()): AppliedPace {
  const second = Math.floor(now / 1000);
  const kept = pace.filter(([at]) => at > second - APPLIED_PACE_SECONDS && at <= second);
  const last = kept.at(-1);
  if (last && last[0] === second) return [...kept.slice(0, -1), [second, last[1] + events]];
  return [...kept, [second, events]];
}

const isPace = (value: unknown): value is AppliedPace =>
  Array.isArray(value) &&
  value.every(
    (pair) => Array.isArray(pair) && pair.length === 2 && pair.every((n) => typeof n === 'number' && n >= 0),
  );

/** A staged document as the store would give it back. */
const stampedDocument = (document: DocumentBody, position: bigint): Document =>
  ({ ...document, position: position.toString() }) as Document;

/** A batch handed to the store and not yet committed. */
interface InFlight {
  unit: UnitOfWork;
  /** Events of the buffer it applies. */
  events: number;
  /** Settles once the write is over: true when it committed. */
  done: Promise<boolean>;
}

/** A document with counters added, as the store's increment operation would leave it. */
function withIncrements(
  current: DocumentBody | Document | null,
  increment: { id: string; insert: Record<string, unknown>; by: Record<string, number> },
): DocumentBody {
  const { position: _position, ...fields } = (current ?? {}) as Document;
  return incremented(current ? fields : null, increment) as DocumentBody;
}

/** The read models a checkpoint is kept for: their collection names, which carry their versions. */
export function readModelsOf(projections: Projection[]): string {
  return projections
    .flatMap((projection) => projection.collections.map((definition) => definition.name))
    .sort()
    .join(',');
}

/** The read models the projections write: their collections, with fields and indexes. */
export function definitionsOf(projections: readonly Projection[]): CollectionDefinition[] {
  return projections.flatMap((projection) => projection.collections);
}

export async function createReadModelIndexes(documents: DocumentStore, projections: Projection[]) {
  for (const projection of projections) {
    for (const definition of projection.collections) await documents.createIndexes(definition.name);
  }
}

/**
 * Follows the global log from the stored checkpoint: catch-up, then live. Events are applied in
 * batches; each batch's read model changes and the checkpoint are written in one atomic write,
 * so a crash never applies an event twice or loses one.
 */
export async function startProjector(options: ProjectorOptions): Promise<Projector> {
  const { eventStore, documents, projections, feed } = options;
  const name = options.name ?? LIVE_CHECKPOINT;
  const liveBatchSize = options.batchSize ?? 1000;
  // 5,000: rebuilds went as fast as with 10,000 (and 2,500) on the bench's board, and the hand-over of a
  // batch to the writer thread, the longest the process's thread is held, took half as long.
  const catchUpBatchSize = Math.max(liveBatchSize, options.catchUpBatchSize ?? 5_000);
  const writeChangeLog = options.writeChangeLog ?? false;

  const readModels = readModelsOf(projections);
  await documents.ensureCollection({ name: collections.checkpoints, fields: {} });
  const previous = await documents.get<Document & { readModels?: string }>(collections.checkpoints, name);
  if (previous && previous.readModels !== readModels) {
    // Read models were added or changed since this checkpoint: the events it passed never reached
    // them, and a counter cannot be caught up by replaying into the others. Build them all again.
    for (const projection of projections) {
      for (const definition of projection.collections) await documents.dropCollection(definition.name);
    }
    // Those the checkpoint kept and the code no longer has (an earlier version's `activity_v1`) are
    // read by no one now: their rows go too, rather than stay on disk for good.
    const kept = new Set(readModels.split(','));
    for (const retired of (previous.readModels ?? '').split(',')) {
      if (retired && !kept.has(retired)) await documents.dropCollection(retired);
    }
    await documents.write([
      {
        op: 'delete',
        collection: collections.checkpoints,
        id: name,
        position: BigInt(previous.position) + 1n,
      },
    ]);
  }
  // Built from position 0 into empty read models, the rows go in without their indexes, which are
  // built once the projector reaches the head the log has now (see `EnsureOptions.deferIndexes`).
  // Should it stop before, the next start finds a checkpoint and ensures them with the collections.
  const rebuilding = !previous || previous.readModels !== readModels;
  const startHead = await eventStore.headPosition();
  let indexesDeferred = rebuilding && startHead > 0n;
  await ensureReadModels(documents, definitionsOf(projections), { deferIndexes: indexesDeferred });
  if (writeChangeLog) await documents.ensureCollection(changeLogCollection);

  const checkpoint = await documents.get(collections.checkpoints, name);
  let committed = checkpoint ? BigInt(checkpoint.position) : 0n;
  const storedPace = checkpoint?.applied;
  let pace: AppliedPace = isPace(storedPace) ? storedPace : [];
  const byType = new Map<string, Projection[]>();
  for (const projection of projections) {
    for (const type of projection.eventTypes) byType.set(type, [...(byType.get(type) ?? []), projection]);
  }

  /** Events received and not yet committed, in order; the first `inFlight.events` are being written. */
  let buffer: RecordedEvent[] = [];
  let inFlight: InFlight | null = null;
  let flushing: Promise<void> | null = null;
  let scheduled = false;
  const waiters = new Set<{ position: bigint; resolve: (ok: boolean) => void }>();
  let closing = false;

  function answerWaiters() {
    // Waiters for the head of a rebuild are answered once the read models have their indexes.
    if (indexesDeferred && committed >= startHead) return;
    for (const waiter of waiters) {
      if (waiter.position <= committed) {
        waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  }

  /**
   * Hands a batch to the store without waiting for it: while it is written (on the store's writer
   * thread, for SQLite) the next events are read and applied on top of it. At most one batch is in
   * flight; it is settled (buffer, checkpoint position, change feed, waiters) once committed.
   */
  function startWrite(unit: UnitOfWork, events: number) {
    unit.applied();
    // The previous batch has committed (see flushOnce): its pace is the one to add to.
    const applied = paceWith(pace, events);
    const entry: InFlight = {
      unit,
      events,
      done: documents.write(unit.operations(name, readModels, writeChangeLog, applied)).then(
        () => {
          pace = applied;
          // Only now is the batch done: a failed write leaves it in the buffer to be tried again.
          buffer = buffer.slice(events);
          committed = unit.position;
          if (inFlight === entry) inFlight = null;
          feed?.publish({ position: committed, changes: unit.changes() });
          answerWaiters();
          if (buffer.length > 0 || (indexesDeferred && committed >= startHead)) scheduleFlush();
          return true;
        },
        (error: unknown) => {
          if (inFlight === entry) inFlight = null;
          options.onError?.(error);
          setTimeout(scheduleFlush, 500).unref();
          return false;
        },
      ),
    };
    inFlight = entry;
  }

  async function flushOnce() {
    const previous = inFlight;
    const from = previous?.events ?? 0;
    if (buffer.length > from) {
      const batch = buffer.slice(from);
      const unit = new UnitOfWork(documents, previous);
      let since = performance.now();
      for (const event of batch) {
        unit.position = event.position;
        for (const projection of byType.get(event.type) ?? []) await projection.apply(event, unit);
        // A catch-up batch of thousands of events is applied in about a second, through promises
        // that settle at once: let the process's other work (the live board's requests, when a
        // rebuild runs beside it) in between, rather than hold it up for the whole batch.
        if (performance.now() - since >= YIELD_EVERY_MS) {
          await new Promise(setImmediate);
          since = performance.now();
        }
      }
      // A batch applied on top of one that failed is dropped; both are applied again by the retry.
      if (previous && !(await previous.done)) return;
      startWrite(unit, batch.length);
    } else if (previous) {
      await previous.done;
    }
    // A failure here is tried again by the next flush, as a failed write is.
    if (indexesDeferred && committed >= startHead && !inFlight) {
      await createReadModelIndexes(documents, projections);
      indexesDeferred = false;
      answerWaiters();
    }
  }

  function flush(): Promise<void> {
    flushing ??= flushOnce().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  function scheduleFlush() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      flush().catch((error) => {
        options.onError?.(error);
        setTimeout(scheduleFlush, 500).unref();
      });
    });
  }

  /** Events received but not handed to the store yet. */
  const unwritten = () => buffer.length - (inFlight?.events ?? 0);
  const last = () => buffer.at(-1)?.position ?? committed;
  const subscription: Subscription = eventStore.subscribe(
    committed,
    async (event) => {
      // A redelivered event (after a handler error) is already buffered.
      if (event.position <= last()) return;
      buffer.push(event);
      if (unwritten() >= (event.position < startHead ? catchUpBatchSize : liveBatchSize)) {
        await flushing;
        await flush();
      } else {
        scheduleFlush();
      }
    },
    { onError: (error) => options.onError?.(error) },
  );

  return {
    position: () => committed,
    waitFor(position, timeoutMs) {
      if (position <= committed) return Promise.resolve(true);
      // Closed, it will not get there: a caller waiting across a switch asks the projector after it.
      if (closing) return Promise.resolve(false);
      return new Promise((resolve) => {
        const waiter = {
          position,
          resolve: (ok: boolean) => {
            clearTimeout(timer);
            resolve(ok);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          resolve(false);
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async close() {
      closing = true;
      await subscription.close();
      await flushing;
      // What was received is written before the projector lets go (one try; a failure waits for the
      // next start, which begins at the checkpoint).
      await flush().catch(() => {});
      await flush().catch(() => {});
      await inFlight?.done;
      for (const waiter of waiters) waiter.resolve(false);
      waiters.clear();
    },
  };
}
