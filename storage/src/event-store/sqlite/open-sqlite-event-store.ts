import type { DatabaseSync } from 'node:sqlite';
import { inMemory, openDatabase, type Synchronous } from '../../sqlite/open-database.ts';
import { WorkerClient } from '../../sqlite/worker-client.ts';
import type {
  AppendOptions,
  AppendResult,
  EventHandler,
  EventStore,
  NewEvent,
  RecordedEvent,
  StreamAppend,
  StreamAppendOutcome,
  SubscribeOptions,
  Subscription,
} from '../port.ts';
import { AppendSignal } from './append-signal.ts';
import { type AppendRequest, encodeEvents } from './append-to-stream.ts';
import { type AppendOutcome, prepareCommitGroup, streamAppendOutcome } from './group-commit.ts';
import { GroupCommitter } from './group-committer.ts';
import { type HeadPosition, prepareHeadPosition } from './head-position.ts';
import { announceLocalAppend, onLocalAppend } from './local-appends.ts';
import { subscribeToLog } from './log-subscription.ts';
import { prepareReadAll, type ReadAll } from './read-all.ts';
import { prepareReadStream, type ReadStream } from './read-stream.ts';
import { prepareReadStreams, type ReadStreams } from './read-streams.ts';
import { createEventsSchema } from './schema.ts';

export interface SqliteEventStoreOptions {
  /** Database file, created if missing; `:memory:` for a private store (tests). */
  path: string;
  /**
   * Defaults to `full`. The log is the system of record and read models keep positions from it: with
   * `normal`, a power loss (not a process crash) can drop the last acknowledged appends, after which
   * their positions would be handed out again to different events that checkpoints already claim
   * to have seen. `full` syncs the WAL on every commit; appends that arrive while a commit is in flight
   * share the next one (group commit), so concurrent appends cost one fsync per group, not per append.
   * `normal` is for throwaway stores such as benchmarks.
   */
  synchronous?: Synchronous;
}

export function openSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  return new SqliteEventStore(options);
}

class SqliteEventStore implements EventStore {
  readonly #db: DatabaseSync;
  readonly #file: string | null;
  readonly #appends: GroupCommitter;
  /**
   * The thread that commits the appends of a file, started by the first append (a store that only
   * reads never starts one); always null in memory, where appends commit inline.
   */
  #worker: WorkerClient<AppendRequest[], AppendOutcome[]> | null = null;
  readonly #readStream: ReadStream;
  readonly #readStreams: ReadStreams;
  readonly #readAll: ReadAll;
  readonly #head: HeadPosition;
  readonly #signal: AppendSignal;
  readonly #stopLocalAppends: () => void;
  readonly #subscriptions = new Set<Subscription>();
  #closed = false;

  constructor(options: SqliteEventStoreOptions) {
    this.#file = options.path === inMemory ? null : options.path;
    const synchronous = options.synchronous ?? 'full';
    this.#db = openDatabase(options.path, synchronous);
    createEventsSchema(this.#db);
    if (this.#file === null) {
      const commitGroup = prepareCommitGroup(this.#db);
      this.#appends = new GroupCommitter(
        async (requests) => commitGroup(requests),
        () => this.#signal.notify(),
      );
    } else {
      const file = this.#file;
      const worker = () =>
        (this.#worker ??= new WorkerClient(new URL('./append-worker.ts', import.meta.url), {
          path: file,
          synchronous,
        }));
      this.#appends = new GroupCommitter(
        (requests) => worker().request(requests),
        () => announceLocalAppend(file),
      );
    }
    this.#readStream = prepareReadStream(this.#db);
    this.#readStreams = prepareReadStreams(this.#db);
    this.#readAll = prepareReadAll(this.#db);
    this.#head = prepareHeadPosition(this.#db);
    this.#signal = new AppendSignal(this.#file, this.#head);
    this.#stopLocalAppends =
      this.#file === null ? () => {} : onLocalAppend(this.#file, () => this.#signal.notify());
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (this.#closed) throw new Error('The store is closed');
    if (events.length === 0) throw new Error('append needs at least one event');
    return this.#appends.append({ streamId, events: encodeEvents(events), expected: options.expected });
  }

  async appendToStreams(appends: StreamAppend[]): Promise<StreamAppendOutcome[]> {
    if (this.#closed) throw new Error('The store is closed');
    if (appends.some((share) => share.events.length === 0))
      throw new Error('append needs at least one event');
    if (appends.length === 0) return [];
    const requests = appends.map(({ streamId, events, expected }) => ({
      streamId,
      events: encodeEvents(events),
      expected,
    }));
    return (await this.#appends.appendAll(requests)).map(streamAppendOutcome);
  }

  async readStream(streamId: string, options?: { fromRevision?: bigint }): Promise<RecordedEvent[]> {
    return this.#readStream(streamId, options?.fromRevision ?? 0n);
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    return this.#readStreams(streamIds);
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
    this.#closed = true;
    const subscriptions = [...this.#subscriptions];
    this.#subscriptions.clear();
    await Promise.all(subscriptions.map((subscription) => subscription.close()));
    await this.#appends.idle();
    await this.#worker?.close(this.#appends.idle());
    this.#stopLocalAppends();
    this.#signal.close();
    if (this.#db.isOpen) this.#db.close();
  }
}
