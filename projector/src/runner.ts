import type {
  Document,
  DocumentStore,
  EventStore,
  RecordedEvent,
  Subscription,
  WriteOperation,
} from '@dispatch/storage';
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

/** One batch: the read models' new state per touched document, staged until the atomic write. */
class UnitOfWork implements ProjectionContext {
  readonly staged = new Map<
    Key,
    { collection: string; id: string; document: Document | null; position: bigint }
  >();
  readonly changes = new Map<string, Change>();
  position = 0n;
  private readonly documents: DocumentStore;
  constructor(documents: DocumentStore) {
    this.documents = documents;
  }

  async get<T extends Document>(collection: string, id: string): Promise<T | null> {
    const staged = this.staged.get(`${collection}\u0000${id}`);
    if (staged) return staged.document as T | null;
    return this.documents.get<T>(collection, id);
  }
  put(collection: string, document: DocumentBody) {
    const position = this.position;
    this.staged.set(`${collection}\u0000${document.id}`, {
      collection,
      id: document.id,
      document: { ...document, position: position.toString() },
      position,
    });
  }
  delete(collection: string, id: string) {
    this.staged.set(`${collection}\u0000${id}`, { collection, id, document: null, position: this.position });
  }
  changed(kind: string, orgId: string, id: string | number) {
    const key = `${kind}\u0000${orgId}`;
    const change = this.changes.get(key) ?? { kind, orgId, ids: [] };
    if (!change.ids.includes(id)) change.ids.push(id);
    this.changes.set(key, change);
  }

  operations(checkpointName: string, writeChangeLog: boolean): WriteOperation[] {
    const operations: WriteOperation[] = [];
    for (const { collection, id, document, position } of this.staged.values()) {
      if (document) {
        const { position: _position, ...rest } = document;
        operations.push({ op: 'put', collection, document: rest, position });
      } else {
        operations.push({ op: 'delete', collection, id, position });
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
      document: { id: checkpointName },
      position: this.position,
    });
    return operations;
  }
}

/** Creates every collection the projections write, and the checkpoints (idempotent). */
export async function ensureReadModels(documents: DocumentStore, projections: Projection[]) {
  for (const projection of projections) {
    for (const definition of projection.collections) await documents.ensureCollection(definition);
  }
  await documents.ensureCollection({ name: collections.checkpoints, fields: {} });
}

/**
 * Follows the global log from the stored checkpoint: catch-up, then live. Events are applied in
 * batches; each batch's read model changes and the checkpoint are written in one atomic write,
 * so a crash never applies an event twice or loses one.
 */
export async function startProjector(options: ProjectorOptions): Promise<Projector> {
  const { eventStore, documents, projections, feed } = options;
  const name = options.name ?? 'read-models';
  const batchSize = options.batchSize ?? 1000;
  const writeChangeLog = options.writeChangeLog ?? false;

  await ensureReadModels(documents, projections);
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

  async function flushOnce() {
    if (buffer.length === 0) return;
    const batch = buffer;
    const unit = new UnitOfWork(documents);
    for (const event of batch) {
      unit.position = event.position;
      for (const projection of byType.get(event.type) ?? []) await projection.apply(event, unit);
    }
    await documents.write(unit.operations(name, writeChangeLog));
    // Only now is the batch done: a failed write leaves it in the buffer to be tried again.
    buffer = buffer.slice(batch.length);
    committed = unit.position;
    feed?.publish({ position: committed, changes: [...unit.changes.values()] });
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
      if (buffer.length >= batchSize) {
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
