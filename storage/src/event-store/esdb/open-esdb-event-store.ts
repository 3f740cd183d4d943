import { EventStoreDBClient, START } from '@eventstore/db-client';
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
import { StreamNotFoundError } from '../port.ts';
import { subscribeToAll } from './all-subscription.ts';
import { fromEsdbEvent, toEsdbEvent, toEsdbExpectedRevision, translateError } from './esdb-mapping.ts';
import { readAllAfter, readHeadPosition } from './read-all.ts';

/** The server's -1 ("no position"), as the client reads it: an unsigned 64-bit integer. */
const noPosition = 2n ** 63n;

export interface EsdbEventStoreOptions {
  /** An EventStoreDB connection string, e.g. `esdb://localhost:2113?tls=false`. */
  url: string;
}

export function openEsdbEventStore(options: EsdbEventStoreOptions): EventStore {
  return new EsdbEventStore(EventStoreDBClient.connectionString(options.url));
}

class EsdbEventStore implements EventStore {
  readonly #client: EventStoreDBClient;
  readonly #subscriptions = new Set<Subscription>();

  constructor(client: EventStoreDBClient) {
    this.#client = client;
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      const result = await this.#client.appendToStream(streamId, events.map(toEsdbEvent), {
        expectedRevision: toEsdbExpectedRevision(options.expected),
      });
      const reported = result.position?.commit;
      const position =
        reported !== undefined && reported < noPosition
          ? reported
          : await this.#positionOf(streamId, result.nextExpectedRevision);
      return { nextRevision: result.nextExpectedRevision, position };
    } catch (error) {
      throw translateError(error, streamId, options.expected);
    }
  }

  /**
   * No transaction spans streams here: each share is an append of its own with its expected revision,
   * those of different streams at once, those of one stream one after the other, in the order given.
   */
  async appendToStreams(appends: StreamAppend[]): Promise<StreamAppendOutcome[]> {
    if (appends.some((share) => share.events.length === 0))
      throw new Error('append needs at least one event');
    const lastOfStream = new Map<string, Promise<unknown>>();
    return Promise.all(
      appends.map((share) => {
        const after = lastOfStream.get(share.streamId) ?? Promise.resolve();
        const outcome = after.then(() =>
          this.append(share.streamId, share.events, { expected: share.expected }).then(
            (result): StreamAppendOutcome => ({ result }),
            (error: unknown): StreamAppendOutcome => ({
              error: error instanceof Error ? error : new Error(String(error)),
            }),
          ),
        );
        lastOfStream.set(share.streamId, outcome);
        return outcome;
      }),
    );
  }

  /** An idempotent re-append may be acknowledged without a position: look up where the original went. */
  async #positionOf(streamId: string, revision: bigint): Promise<bigint> {
    for await (const resolved of this.#client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
      if (resolved.event) return fromEsdbEvent(resolved.event).position;
    }
    throw new Error(`Event ${revision} of ${streamId} was acknowledged but cannot be read`);
  }

  async readStream(streamId: string, options?: { fromRevision?: bigint }): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.#client.readStream(streamId, {
        fromRevision: options?.fromRevision ?? START,
      })) {
        if (resolved.event) events.push(fromEsdbEvent(resolved.event));
      }
    } catch (error) {
      throw translateError(error, streamId);
    }
    return events;
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const unique = [...new Set(streamIds)];
    const streams = new Map<string, RecordedEvent[]>();
    // A hundred reads in flight at a time: the server's queue, not the client's memory, sets the pace.
    for (let from = 0; from < unique.length; from += 100) {
      const slice = unique.slice(from, from + 100);
      const read = await Promise.all(
        slice.map((streamId) =>
          this.readStream(streamId).catch((error: unknown) => {
            if (error instanceof StreamNotFoundError) return [];
            throw error;
          }),
        ),
      );
      slice.forEach((streamId, index) => {
        const events = read[index] as RecordedEvent[];
        if (events.length > 0) streams.set(streamId, events);
      });
    }
    return streams;
  }

  readAll(from: bigint, max: number): Promise<RecordedEvent[]> {
    return readAllAfter(this.#client, from, max);
  }

  headPosition(): Promise<bigint> {
    return readHeadPosition(this.#client);
  }

  subscribe(from: bigint, handler: EventHandler, options: SubscribeOptions = {}): Subscription {
    const subscription = subscribeToAll(this.#client, () => this.headPosition(), from, handler, options);
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
    await this.#client.dispose();
  }
}
