import {
  type AppliedPace,
  type Change,
  ChangeSet,
  changeLogCollection,
  collections,
} from '@dispatch/read-models';
import type { Document, DocumentStore, WriteOperation } from '@dispatch/storage';
import { incremented } from '@dispatch/storage';
import type { DocumentBody, ProjectionContext } from '../projection.ts';

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
export class UnitOfWork implements ProjectionContext {
  readonly staged = new ByDocument<Staged>();
  /**
   * Documents read from the store during this batch. Only this batch writes them until it commits,
   * so a second read (another projection of the same event, the next event of the same posting)
   * needs no round trip.
   */
  readonly #read = new ByDocument<Document | null>();
  readonly #changed = new ChangeSet();
  position = 0n;
  /** Off while a projection whose changes are not told applies an event. */
  telling = true;
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
    const counters = this.#counters(collection, id, insert);
    if (counters)
      // A rebuild makes millions of these calls: a plain loop, no intermediate arrays.
      for (const counter in by) counters.set(counter, (counters.get(counter) ?? 0) + (by[counter] as number));
    else this.#countOnStaged(collection, id, insert, by);
  }
  incrementEach(
    collection: string,
    id: string,
    insert: Record<string, unknown>,
    counters: readonly string[],
    amount: number,
  ) {
    const staged = this.#counters(collection, id, insert);
    if (staged) for (const counter of counters) staged.set(counter, (staged.get(counter) ?? 0) + amount);
    else {
      const by: Record<string, number> = {};
      for (const counter of counters) by[counter] = (by[counter] ?? 0) + amount;
      this.#countOnStaged(collection, id, insert, by);
    }
  }
  /**
   * The counters the batch adds to the document, staged at this event's position; null when the batch
   * already replaced or removed it (see `#countOnStaged`).
   */
  #counters(collection: string, id: string, insert: Record<string, unknown>): Map<string, number> | null {
    const staged = this.staged.get(collection, id);
    const position = this.position;
    if (!staged) {
      const by = new Map<string, number>();
      this.staged.set(collection, id, { kind: 'increment', collection, id, insert, by, position });
      return by;
    }
    if (staged.kind !== 'increment') return null;
    staged.position = position;
    return staged.by;
  }
  /** Counting on top of a document this batch already replaced or removed: the result is known here. */
  #countOnStaged(
    collection: string,
    id: string,
    insert: Record<string, unknown>,
    by: Record<string, number>,
  ) {
    const staged = this.staged.get(collection, id);
    const base = staged?.kind === 'put' ? staged.document : null;
    const document = withIncrements(base, { id, insert, by });
    this.staged.set(collection, id, {
      kind: 'put',
      collection,
      id,
      document: { ...document, id },
      position: this.position,
    });
  }
  changed(kind: string, orgId: string, id: string | number) {
    if (this.telling) this.#changed.add(kind, orgId, id);
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
    reflected?: (position: bigint) => bigint,
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
      const reflects = reflected?.(this.position) ?? this.position;
      operations.push({
        op: 'put',
        collection: changeLogCollection.name,
        document: {
          id: this.position.toString(),
          seq: Number(this.position),
          changes: this.changes(),
          // Below the position while a group of read models is built again beside these.
          ...(reflects < this.position ? { reflects: reflects.toString() } : {}),
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

/** A staged document as the store would give it back. */
const stampedDocument = (document: DocumentBody, position: bigint): Document =>
  ({ ...document, position: position.toString() }) as Document;

/** A batch handed to the store and not yet committed. */
export interface InFlight {
  unit: UnitOfWork;
  /** Events of the buffer it applies. */
  events: number;
  /** The pace the checkpoint records once it is written. */
  applied: AppliedPace;
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
