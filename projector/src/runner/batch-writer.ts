import { type AppliedPace, type ChangeFeed, collections, type ProjectionHold } from '@dispatch/read-models';
import type { DocumentStore, RecordedEvent } from '@dispatch/storage';
import type { Projection } from '../projection.ts';
import { applyEvents, projectionsByType } from './apply-events.ts';
import { unsettledOf } from './checkpoint.ts';
import { paceWith } from './pace.ts';
import { createReadModelIndexes } from './read-model-definitions.ts';
import { type InFlight, UnitOfWork } from './unit-of-work.ts';
import type { PositionWaiters } from './waiters.ts';

export interface BatchWriterOptions {
  documents: DocumentStore;
  projections: Projection[];
  feed?: ChangeFeed;
  writeChangeLog: boolean;
  /** Checkpoint name and the read models it is kept for. */
  name: string;
  readModels: string;
  liveBatchSize: number;
  catchUpBatchSize: number;
  /** The head the log had at start: events before it are caught up in larger batches. */
  startHead: bigint;
  /** The checkpoint's position and pace at start. */
  committed: bigint;
  pace: AppliedPace;
  /** The read models are built without their indexes, created once `startHead` is reached. */
  indexesDeferred: boolean;
  waiters: PositionWaiters;
  /** Events after it are not applied. */
  stopAt?: bigint;
  /** Projections whose changes are not told. */
  untold?: readonly Projection[];
  /** The position the change log says every read model reflects. */
  reflected?: (position: bigint) => bigint;
  /** Work of the same process that holds the projector: a batch now and then meanwhile (see ProjectionHold). */
  hold?: ProjectionHold;
  onError?: (error: unknown) => void;
  /** It stopped writing for good (see `ProjectorOptions.onHalt`). */
  onHalt?: (error: Error) => void;
}

/** The rejection of a batch's write when the batch before it was not written (see `startWrite`). */
class BatchBeforeNotWritten extends Error {
  constructor() {
    super('The batch before it was not written');
  }
}

/** How long a catch-up's batch short of full waits to fill before it is written as it is (see `scheduleFlush`). */
const CATCH_UP_FLUSH_MS = 1000;

/**
 * Events received from the log, applied in batches and written with the checkpoint. Each batch's
 * commit is relayed to the change feed and answers the callers waiting for its position.
 */
export class BatchWriter {
  readonly #options: BatchWriterOptions;
  readonly #byType: Map<string, Projection[]>;
  readonly #untold: ReadonlySet<Projection>;
  #committed: bigint;
  #pace: AppliedPace;
  #indexesDeferred: boolean;
  /** Events received and not yet committed, in order; the first `handedOver` are being written. */
  #buffer: RecordedEvent[] = [];
  /** The last batch handed to the store, until it is settled (the one before it may still be too). */
  #inFlight: InFlight | null = null;
  /** Events of the buffer in the batches handed to the store and not settled yet. */
  #handedOver = 0;
  /** Writes failed so far: a batch applied on top of one that failed meanwhile is dropped. */
  #failures = 0;
  #flushing: Promise<void> | null = null;
  #scheduled = false;
  /** The timer of a flush scheduled later (see `scheduleFlush`). */
  #delayed: NodeJS.Timeout | null = null;
  /** Drained for a close: nothing is written after it, not even a retry scheduled before it. */
  #drained = false;
  /** Draining for a close: what was received is written at once, held or not. */
  #draining = false;
  /** A batch was cut midway: nothing is written any more, not even on a close (see `onHalt`). */
  #halted = false;

  constructor(options: BatchWriterOptions) {
    this.#options = options;
    this.#byType = projectionsByType(options.projections);
    this.#untold = new Set(options.untold);
    this.#committed = options.committed;
    this.#pace = options.pace;
    this.#indexesDeferred = options.indexesDeferred;
  }

  /** Position the read models reflect. */
  committed(): bigint {
    return this.#committed;
  }

  /** Takes an event from the log's subscription, writing a batch once enough are received. */
  async receive(event: RecordedEvent) {
    // A redelivered event (after a handler error) is already buffered.
    if (event.position <= this.#last()) return;
    const { stopAt } = this.#options;
    if (stopAt !== undefined && event.position > stopAt) return;
    this.#buffer.push(event);
    const { catchUpBatchSize, liveBatchSize } = this.#options;
    if (this.#unwritten() >= (this.#catchingUp(event.position) ? catchUpBatchSize : liveBatchSize)) {
      await this.#flushing;
      await this.#flush();
    } else {
      this.#scheduleFlush();
    }
  }

  /** Events before the head the log had at the start (or the stop) come at once, one page after another. */
  #catchingUp(position: bigint): boolean {
    const { startHead, stopAt } = this.#options;
    return position < startHead && (stopAt === undefined || position < stopAt);
  }

  /**
   * Whether a caller waiting for `position` is answered now: the read models reflect it, and they are
   * not a rebuild's, at its head and still without their indexes (those callers are answered once the
   * indexes are built, see `answerWaiters`).
   */
  reached(position: bigint): boolean {
    return position <= this.#committed && !this.#awaitingIndexes();
  }

  /**
   * Writes what was received before the projector lets go (one try; a failure waits for the next
   * start, which begins at the checkpoint).
   */
  async drain() {
    this.#draining = true;
    await this.#flushing;
    await this.#flush().catch(() => {});
    await this.#flush().catch(() => {});
    await this.#inFlight?.done;
    // A closed projector never writes again: a retry left over must not put its old batch and
    // checkpoint over read models another projector keeps now (as after a rebuild's switch).
    this.#drained = true;
  }

  /** Events received but not handed to the store yet. */
  #unwritten() {
    return this.#buffer.length - this.#handedOver;
  }

  #last() {
    return this.#buffer.at(-1)?.position ?? this.#committed;
  }

  /** The read models have reached the head of a rebuild and wait for their indexes. */
  #awaitingIndexes() {
    return this.#indexesDeferred && this.#committed >= this.#options.startHead;
  }

  #answerWaiters() {
    // Waiters for the head of a rebuild are answered once the read models have their indexes.
    if (this.#awaitingIndexes()) return;
    this.#options.waiters.answer(this.#committed);
  }

  /**
   * Hands a batch to the store without waiting for it: while it is written (on the store's writer
   * thread, for SQLite) the next events are read and applied on top of it. It is settled (buffer,
   * checkpoint position, change feed, waiters) once committed.
   *
   * Given the batch before it, still being written (`previous`), the store prepares this one now (on
   * SQLite, serialising its rows on this thread while the writer thread writes that one) and writes it
   * once that one is written; if that one fails, neither is written, and both are applied again.
   */
  #startWrite(unit: UnitOfWork, events: number, previous: InFlight | null) {
    const { documents, name, readModels, writeChangeLog, feed, onError, reflected } = this.#options;
    unit.applied();
    // Written after the batch before it, or not at all: the pace that one leaves is the one to add to.
    const applied = paceWith(previous?.applied ?? this.#pace, events);
    const after = previous?.done.then((written) => {
      if (!written) throw new BatchBeforeNotWritten();
    });
    // Handled by the store's write, which may take it up later than its rejection.
    after?.catch(() => {});
    this.#handedOver += events;
    const entry: InFlight = {
      unit,
      events,
      applied,
      // A store may write the batch in parts, letting others' writes in between (a rebuild's builder on
      // the live store's writer thread): a crash between them leaves the mark `checkpointFor` finds.
      done: documents
        .write(unit.operations(name, readModels, writeChangeLog, applied, reflected), {
          unsettled: { collection: collections.checkpoints, id: unsettledOf(name) },
          after,
        })
        .then(
          () => {
            this.#pace = applied;
            // Only now is the batch done: a failed write leaves it in the buffer to be tried again.
            this.#buffer = this.#buffer.slice(events);
            this.#handedOver -= events;
            this.#committed = unit.position;
            if (this.#inFlight === entry) this.#inFlight = null;
            feed?.publish({ position: this.#committed, changes: unit.changes() });
            this.#answerWaiters();
            if (this.#buffer.length > 0 || this.#awaitingIndexes()) this.#scheduleFlush();
            return true;
          },
          async (error: unknown) => {
            // Nothing of it was written: it was counted off with the batch before it, which failed.
            if (error instanceof BatchBeforeNotWritten) return false;
            // Neither it nor the batch handed over after it (which waits for it) is written: both stay
            // in the buffer, applied again by the retry.
            this.#handedOver = 0;
            this.#inFlight = null;
            this.#failures++;
            onError?.(error);
            // Cut midway by the failure, some of its parts committed: tried again, its counters would
            // count twice. It writes nothing more; the next start finds the mark and builds its read
            // models again from the first event (see `checkpointFor`).
            const cut = await documents
              .get(collections.checkpoints, unsettledOf(name))
              .then((mark) => mark !== null)
              .catch(() => false);
            if (cut) {
              this.#halted = true;
              this.#drained = true;
              this.#options.waiters.releaseAll();
              this.#options.onHalt?.(
                new Error(
                  `A batch of ${name} was cut midway: its read models are built again from the first event`,
                ),
              );
              return false;
            }
            setTimeout(() => this.#scheduleFlush(), 500).unref();
            return false;
          },
        ),
    };
    this.#inFlight = entry;
  }

  async #flushOnce() {
    if (this.#halted) return;
    const { hold } = this.#options;
    if (hold && !this.#draining) await hold.released();
    const previous = this.#inFlight;
    const from = this.#handedOver;
    const failures = this.#failures;
    if (this.#buffer.length > from) {
      const batch = this.#buffer.slice(from);
      const unit = new UnitOfWork(this.#options.documents, previous);
      await applyEvents(batch, this.#byType, unit, this.#untold);
      // Handing a catch-up batch to the store (serialising its rows) is a task of its own, not the
      // tail of the applying's last stretch.
      if (batch.length > this.#options.liveBatchSize) await new Promise(setImmediate);
      // Applied on top of a batch that failed meanwhile, it is dropped; both are applied again by the retry.
      if (this.#failures !== failures) return;
      this.#startWrite(unit, batch.length, previous);
      // One batch ahead at most: the next is applied once the one before this is written.
      if (previous) await previous.done;
    } else if (previous) {
      await previous.done;
    }
    // A failure here is tried again by the next flush, as a failed write is.
    if (this.#awaitingIndexes() && !this.#inFlight) {
      // Not those of the scratch copies (the untold projections'): read by id alone, and dropped at the
      // switch, their indexes would only delay it (the boards' take about as long as their rows).
      const indexed = this.#options.projections.filter((projection) => !this.#untold.has(projection));
      await createReadModelIndexes(this.#options.documents, indexed);
      this.#indexesDeferred = false;
      this.#answerWaiters();
      // Events received while the indexes were built found this flush under way: write them now,
      // rather than when the next event arrives (there may be none for a while).
      if (this.#unwritten() > 0) this.#scheduleFlush();
    }
  }

  #flush(): Promise<void> {
    // A flush scheduled later is moot: the events it would write are written now.
    if (this.#delayed) {
      clearTimeout(this.#delayed);
      this.#delayed = null;
      this.#scheduled = false;
    }
    this.#flushing ??= this.#flushOnce().finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }

  /**
   * Flushes what was received once the process's other work is done. Catching up, a batch short of
   * full waits to fill instead (more events follow at once): written with whatever one page of the
   * log brought, every other batch was a page, its commit costing nearly as much as a full one's. It
   * is written as it is after `CATCH_UP_FLUSH_MS`, should the log stop short of its head meanwhile.
   */
  #scheduleFlush() {
    if (this.#drained) return;
    const last = this.#buffer.at(-1);
    const delayMs =
      last && this.#catchingUp(last.position) && this.#unwritten() < this.#options.catchUpBatchSize
        ? CATCH_UP_FLUSH_MS
        : 0;
    if (this.#scheduled) {
      // A flush asked sooner takes the place of one scheduled later.
      if (delayMs > 0 || !this.#delayed) return;
      clearTimeout(this.#delayed);
    }
    this.#scheduled = true;
    const flush = () => {
      this.#scheduled = false;
      this.#delayed = null;
      if (this.#drained) return;
      this.#flush().catch((error) => {
        this.#options.onError?.(error);
        setTimeout(() => this.#scheduleFlush(), 500).unref();
      });
    };
    if (delayMs > 0) this.#delayed = setTimeout(flush, delayMs);
    else setImmediate(flush);
  }
}
