import type {
  Document,
  DocumentStore,
  EventStore,
  RecordedEvent,
  Subscription,
  WriteOperation,
} from '@dispatch/storage';
import { incremented } from '@dispatch/storage/document-store/stored-document';
import { type Change, type ChangeFeed, changeLogCollection } from './change-feed.ts';
import { collections } from './collections.ts';
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

type Key = `${string}\u0000${string}`;

type Staged =
  | { kind: 'put'; collection: string; id: string; document: DocumentBody; position: bigint }
  | { kind: 'delete'; collection: string; id: string; position: bigint }
  | {
      kind: 'increment';
      collection: string;
      id: string;
      insert: Record<string, unknown>;
      by: Record<string, number>;
      position: bigint;
    };

const keyOf = (collection: string, id: string): Key => `${collection}\u0000${id}`;

/** One batch: the read models' new state per touched document, staged until the atomic write. */
class UnitOfWork implements ProjectionContext {
  readonly staged = new Map<Key, Staged>();
  /**
   * Documents read from the store during this batch. Only this batch writes them until it commits,
   * so a second read (another projection of the same event, the next event of the same posting)
   * needs no round trip.
   */
  readonly #read = new Map<Key, Document | null>();
  readonly changes = new Map<string, Change>();
  position = 0n;
  private readonly documents: DocumentStore;
  constructor(documents: DocumentStore) {
    this.documents = documents;
  }

  async #stored<T extends Document>(collection: string, id: string): Promise<T | null> {
    const key = keyOf(collection, id);
    if (this.#read.has(key)) return this.#read.get(key) as T | null;
    const document = await this.documents.get<T>(collection, id);
    this.#read.set(key, document);
    return document;
  }

  async get<T extends Document>(collection: string, id: string): Promise<T | null> {
    const staged = this.staged.get(keyOf(collection, id));
    if (!staged) return this.#stored<T>(collection, id);
    if (staged.kind === 'put') return { ...staged.document, position: staged.position.toString() } as T;
    if (staged.kind === 'delete') return null;
    const stored = await this.#stored(collection, id);
    return { ...withIncrements(stored, staged), position: staged.position.toString() } as unknown as T;
  }
  put(collection: string, document: DocumentBody) {
    const position = this.position;
    this.staged.set(keyOf(collection, document.id), {
      kind: 'put',
      collection,
      id: document.id,
      // Kept as given (projections hand over a new object): a rebuild stages millions of these.
      document,
      position,
    });
  }
  delete(collection: string, id: string) {
    this.staged.set(keyOf(collection, id), { kind: 'delete', collection, id, position: this.position });
  }
  increment(collection: string, id: string, insert: Record<string, unknown>, by: Record<string, number>) {
    const key = keyOf(collection, id);
    const staged = this.staged.get(key);
    const position = this.position;
    if (!staged) {
      this.staged.set(key, { kind: 'increment', collection, id, insert, by: { ...by }, position });
    } else if (staged.kind === 'increment') {
      // A rebuild makes millions of these calls: a plain loop, no intermediate arrays.
      for (const counter in by) staged.by[counter] = (staged.by[counter] ?? 0) + (by[counter] as number);
      staged.position = position;
    } else {
      // Counting on top of a document this batch already replaced or removed: the result is known here.
      const base = staged.kind === 'put' ? staged.document : null;
      const document = withIncrements(base, { id, insert, by });
      this.staged.set(key, {
        kind: 'put',
        collection,
        id,
        document: { ...document, id },
        position,
      });
    }
  }
  changed(kind: string, orgId: string, id: string | number) {
    const key = `${kind}\u0000${orgId}`;
    const change = this.changes.get(key) ?? { kind, orgId, ids: [] };
    if (!change.ids.includes(id)) change.ids.push(id);
    this.changes.set(key, change);
  }

  operations(checkpointName: string, readModels: string, writeChangeLog: boolean): WriteOperation[] {
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
        for (const counter in staged.by) {
          const amount = staged.by[counter] as number;
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
          changes: [...this.changes.values()],
        },
        position: this.position,
      });
    }
    operations.push({
      op: 'put',
      collection: collections.checkpoints,
      document: { id: checkpointName, readModels },
      position: this.position,
    });
    return operations;
  }
}

/** A document with counters added, as the store's increment operation would leave it. */
function withIncrements(
  current: DocumentBody | Document | null,
  increment: { id: string; insert: Record<string, unknown>; by: Record<string, number> },
): DocumentBody {
  const { position: _position, ...fields } = (current ?? {}) as Document;
  return incremented(current ? fields : null, {
    op: 'increment',
    collection: '',
    position: 0n,
    ...increment,
  }) as DocumentBody;
}

/** The read models a checkpoint is kept for: their collection names, which carry their versions. */
function readModelsOf(projections: Projection[]): string {
  return projections
    .flatMap((projection) => projection.collections.map((definition) => definition.name))
    .sort()
    .join(',');
}

/**
 * Creates every collection the projections write, and the checkpoints (idempotent). With
 * `deferIndexes`, the read models' indexes wait for `createReadModelIndexes`.
 */
export async function ensureReadModels(
  documents: DocumentStore,
  projections: Projection[],
  options: { deferIndexes?: boolean } = {},
) {
  for (const projection of projections) {
    for (const definition of projection.collections) await documents.ensureCollection(definition, options);
  }
  await documents.ensureCollection({ name: collections.checkpoints, fields: {} });
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
  const name = options.name ?? 'read-models';
  const liveBatchSize = options.batchSize ?? 1000;
  const catchUpBatchSize = Math.max(liveBatchSize, options.catchUpBatchSize ?? 10_000);
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
  await ensureReadModels(documents, projections, { deferIndexes: indexesDeferred });
  if (writeChangeLog) await documents.ensureCollection(changeLogCollection);

  const checkpoint = await documents.get(collections.checkpoints, name);
  let committed = checkpoint ? BigInt(checkpoint.position) : 0n;
  const byType = new Map<string, Projection[]>();
  for (const projection of projections) {
    for (const type of projection.eventTypes) byType.set(type, [...(byType.get(type) ?? []), projection]);
  }

  let buffer: RecordedEvent[] = [];
  let flushing: Promise<void> | null = null;
  let scheduled = false;
  const waiters = new Set<{ position: bigint; resolve: (ok: boolean) => void }>();

  async function writeBatch() {
    const batch = buffer;
    const unit = new UnitOfWork(documents);
    for (const event of batch) {
      unit.position = event.position;
      for (const projection of byType.get(event.type) ?? []) await projection.apply(event, unit);
    }
    await documents.write(unit.operations(name, readModels, writeChangeLog));
    // Only now is the batch done: a failed write leaves it in the buffer to be tried again.
    buffer = buffer.slice(batch.length);
    committed = unit.position;
    feed?.publish({ position: committed, changes: [...unit.changes.values()] });
  }

  async function flushOnce() {
    if (buffer.length > 0) await writeBatch();
    // Waiters for the head of a rebuild are answered once the read models have their indexes; a
    // failure here is tried again by the next flush, as a failed write is.
    if (indexesDeferred && committed >= startHead) {
      await createReadModelIndexes(documents, projections);
      indexesDeferred = false;
    }
    for (const waiter of waiters) {
      if (waiter.position <= committed) {
        waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
    if (buffer.length > 0) scheduleFlush();
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

  const last = () => buffer.at(-1)?.position ?? committed;
  const subscription: Subscription = eventStore.subscribe(
    committed,
    async (event) => {
      // A redelivered event (after a handler error) is already buffered.
      if (event.position <= last()) return;
      buffer.push(event);
      if (buffer.length >= (event.position < startHead ? catchUpBatchSize : liveBatchSize)) {
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
      await subscription.close();
      await flushing;
      await flush().catch(() => {});
      for (const waiter of waiters) waiter.resolve(false);
      waiters.clear();
    },
  };
}
