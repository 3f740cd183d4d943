import type { DatabaseSync } from 'node:sqlite';
import { inMemory, openDatabase, type Synchronous } from '../../sqlite/open-database.ts';
import type {
  AppendOptions,
  AppendResult,
  EventHandler,
  EventStore,
  NewEvent,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../port.ts';
import { AppendSignal } from './append-signal.ts';
import { type AppendToStream, prepareAppendToStream } from './append-to-stream.ts';
import { type HeadPosition, prepareHeadPosition } from './head-position.ts';
import { announceLocalAppend, onLocalAppend } from './local-appends.ts';
import { subscribeToLog } from './log-subscription.ts';
import { prepareReadAll, type ReadAll } from './read-all.ts';
import { prepareReadStream, type ReadStream } from './read-stream.ts';
import { createEventsSchema } from './schema.ts';

export interface SqliteEventStoreOptions {
  /** Database file, created if missing; `:memory:` for a private store (tests). */
  path: string;
  /**
   * Defaults to `full`. The log is the system of record and read models keep positions from it: with
   * `normal`, a power loss (not a process crash) can drop the last acknowledged appends, after which
   * their positions would be handed out again to different events that checkpoints already claim
   * to have seen. `full` syncs the WAL on every commit, which still allows thousands of single-event
   * appends per second on an SSD. `normal` is for throwaway stores such as benchmarks.
   */
  synchronous?: Synchronous;
}

export function openSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  return new SqliteEventStore(options);
}

class SqliteEventStore implements EventStore {
  readonly #db: DatabaseSync;
  readonly #file: string | null;
  readonly #append: AppendToStream;
  readonly #readStream: ReadStream;
  readonly #readAll: ReadAll;
  readonly #head: HeadPosition;
  readonly #signal: AppendSignal;
  readonly #stopLocalAppends: () => void;
  readonly #subscriptions = new Set<Subscription>();

  constructor(options: SqliteEventStoreOptions) {
    this.#file = options.path === inMemory ? null : options.path;
    this.#db = openDatabase(options.path, options.synchronous ?? 'full');
    createEventsSchema(this.#db);
    this.#append = prepareAppendToStream(this.#db);
    this.#readStream = prepareReadStream(this.#db);
    this.#readAll = prepareReadAll(this.#db);
    this.#head = prepareHeadPosition(this.#db);
    this.#signal = new AppendSignal(this.#file, this.#head);
    this.#stopLocalAppends =
      this.#file === null ? () => {} : onLocalAppend(this.#file, () => this.#signal.notify());
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const result = this.#append(streamId, events, options.expected);
    if (this.#file === null) this.#signal.notify();
    else announceLocalAppend(this.#file);
    return result;
  }

  async readStream(streamId: string, options?: { fromRevision?: bigint }): Promise<RecordedEvent[]> {
    return this.#readStream(streamId, options?.fromRevision ?? 0n);
  }

  async readAll(from: bigint, max: number): Promise<RecordedEvent[]> {
    return this.#readAll(from, max);
  }

  async headPosition(): Promise<bigint> {
    return this.#head();
  }

  subscribe(from: bigint, handler: EventHandler, options: SubscribeOptions = {}): Subscription {
    const subscription = subscribeToLog(
      { readAll: this.#readAll, head: this.#head, listen: (listener) => this.#signal.listen(listener) },
      from,
      handler,
      options,
    );
    this.#subscriptions.add(subscription);
    return {
      close: async () => {
        this.#subscriptions.delete(subscription);
        await subscription.close();
      },
    };
  }

  async close(): Promise<void> {
    const subscriptions = [...this.#subscriptions];
    this.#subscriptions.clear();
    await Promise.all(subscriptions.map((subscription) => subscription.close()));
    this.#stopLocalAppends();
    this.#signal.close();
    if (this.#db.isOpen) this.#db.close();
  }
}
