import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/store-per-test.ts';
import { testEvent } from '../testing/test-event.ts';
import {
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from './port.ts';

export interface EventStoreContractOptions {
  /** Every `open()` gives an empty store. False for a shared server: tests then only look at their own streams. */
  freshStorePerOpen?: boolean;
  /** The backend rejects an event id that is already used in another stream. */
  rejectsEventIdsUsedInOtherStreams?: boolean;
}

const bigintReplacer = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? value.toString() : value;

function streamName(): string {
  return `truck-${randomUUID()}`;
}

const newEvent = (type?: string, data: Record<string, unknown> = { plate: 'AB-123-CD' }): NewEvent =>
  testEvent(type, data);

async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

async function conflict(attempt: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
}

/** The behaviour every event store adapter must have; a spec per adapter runs it. */
export function eventStoreContract(
  name: string,
  open: () => Promise<EventStore> | EventStore,
  cleanup?: () => Promise<void> | void,
  options: EventStoreContractOptions = {},
): void {
  const fresh = options.freshStorePerOpen ?? true;
  const uniqueIdsAcrossStreams = options.rejectsEventIdsUsedInOtherStreams ?? true;

  describe(`${name}: event store contract`, () => {
    const store = storePerTest(open, cleanup);

    describe('appending', () => {
      it('numbers revisions from 0 and reports the last event of the batch', async () => {
        const stream = streamName();
        const events = [newEvent(), newEvent('TruckRenamed'), newEvent('TruckRetired')];
        const result = await store.append(stream, events, { expected: 'no_stream' });

        const recorded = await store.readStream(stream);
        expect(recorded.map((event) => event.revision)).toEqual([0n, 1n, 2n]);
        expect(result.nextRevision).toBe(2n);
        expect(result.position).toBe(recorded[2]?.position);
        expect(typeof result.position).toBe('bigint');
      });

      it('records id, type, data and metadata as given', async () => {
        const stream = streamName();
        const event = newEvent('TruckRegistered', {
          plate: 'XY-987-ZT',
          axles: 3,
          tags: ['reefer'],
          depot: null,
        });
        await store.append(stream, [event], { expected: 'no_stream' });

        const [recorded] = await store.readStream(stream);
        expect(recorded).toEqual({ ...event, streamId: stream, revision: 0n, position: recorded?.position });
      });

      it('gives every event a position above 0, increasing in commit order across streams', async () => {
        const first = streamName();
        const second = streamName();
        await store.append(first, [newEvent(), newEvent()], { expected: 'no_stream' });
        await store.append(second, [newEvent()], { expected: 'no_stream' });
        await store.append(first, [newEvent()], { expected: 1n });

        const [a0, a1, a2] = (await store.readStream(first)).map((event) => event.position);
        const [b0] = (await store.readStream(second)).map((event) => event.position);
        expect(a0).toBeGreaterThan(0n);
        expect(a0! < a1! && a1! < b0! && b0! < a2!).toBe(true);
      });

      it('accepts no_stream for a new stream and rejects it for an existing one', async () => {
        const stream = streamName();
        await store.append(stream, [newEvent()], { expected: 'no_stream' });

        const error = await conflict(store.append(stream, [newEvent()], { expected: 'no_stream' }));
        expect(error).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 0n });
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('accepts stream_exists for an existing stream and rejects it for a new one', async () => {
        const stream = streamName();
        const missing = await conflict(store.append(stream, [newEvent()], { expected: 'stream_exists' }));
        expect(missing).toMatchObject({ streamId: stream, expected: 'stream_exists', actual: 'no_stream' });

        await store.append(stream, [newEvent()], { expected: 'no_stream' });
        const result = await store.append(stream, [newEvent()], { expected: 'stream_exists' });
        expect(result.nextRevision).toBe(1n);
      });

      it('accepts any for a new and for an existing stream', async () => {
        const stream = streamName();
        expect((await store.append(stream, [newEvent()], { expected: 'any' })).nextRevision).toBe(0n);
        expect((await store.append(stream, [newEvent()], { expected: 'any' })).nextRevision).toBe(1n);
      });

      it('accepts the exact current revision and rejects any other', async () => {
        const stream = streamName();
        const onMissing = await conflict(store.append(stream, [newEvent()], { expected: 0n }));
        expect(onMissing).toMatchObject({ streamId: stream, expected: 0n, actual: 'no_stream' });

        await store.append(stream, [newEvent(), newEvent()], { expected: 'no_stream' });
        const stale = await conflict(store.append(stream, [newEvent()], { expected: 0n }));
        expect(stale).toMatchObject({ streamId: stream, expected: 0n, actual: 1n });
        const ahead = await conflict(store.append(stream, [newEvent()], { expected: 5n }));
        expect(ahead).toMatchObject({ streamId: stream, expected: 5n, actual: 1n });

        const result = await store.append(stream, [newEvent()], { expected: 1n });
        expect(result.nextRevision).toBe(2n);
      });

      it('lets exactly one of ten concurrent appends with the same expected revision win', async () => {
        const stream = streamName();
        await store.append(stream, [newEvent()], { expected: 'no_stream' });

        const attempts = await Promise.allSettled(
          Array.from({ length: 10 }, () => store.append(stream, [newEvent()], { expected: 0n })),
        );
        const won = attempts.filter((attempt) => attempt.status === 'fulfilled');
        const lost = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason] : []));
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(9);
        for (const reason of lost) {
          expect(reason).toBeInstanceOf(WrongExpectedRevisionError);
          expect(reason).toMatchObject({ streamId: stream, expected: 0n, actual: 1n });
        }
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('answers a repeated append of the same event ids with the original result', async () => {
        const stream = streamName();
        const events = [newEvent(), newEvent()];
        const first = await store.append(stream, events, { expected: 'no_stream' });
        const again = await store.append(stream, events, { expected: 'no_stream' });

        expect(again).toEqual(first);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it.skipIf(!uniqueIdsAcrossStreams)('rejects an event id already used in another stream', async () => {
        const event = newEvent();
        const other = streamName();
        await store.append(streamName(), [event], { expected: 'no_stream' });

        await expect(store.append(other, [newEvent(), event], { expected: 'any' })).rejects.toThrow();
        await expect(store.readStream(other)).rejects.toBeInstanceOf(StreamNotFoundError);
      });
    });

    describe('reading', () => {
      it('reads a stream in revision order, optionally from a revision', async () => {
        const stream = streamName();
        const events = [newEvent('A'), newEvent('B'), newEvent('C')];
        await store.append(stream, events.slice(0, 2), { expected: 'no_stream' });
        await store.append(streamName(), [newEvent()], { expected: 'no_stream' });
        await store.append(stream, events.slice(2), { expected: 1n });

        expect((await store.readStream(stream)).map((event) => event.id)).toEqual(
          events.map((event) => event.id),
        );
        const tail = await store.readStream(stream, { fromRevision: 1n });
        expect(tail.map((event) => [event.type, event.revision])).toEqual([
          ['B', 1n],
          ['C', 2n],
        ]);
        expect((await store.readStream(stream, { fromRevision: 2n })).map((event) => event.type)).toEqual([
          'C',
        ]);
        // At the end and past it: nothing, not a missing stream.
        expect(await store.readStream(stream, { fromRevision: 3n })).toEqual([]);
        expect(await store.readStream(stream, { fromRevision: 7n })).toEqual([]);
      });

      it('throws StreamNotFoundError for a stream without events', async () => {
        const stream = streamName();
        const error = await store.readStream(stream).catch((reason: unknown) => reason);
        expect(error).toBeInstanceOf(StreamNotFoundError);
        expect(error).toMatchObject({ streamId: stream });
      });

      it('pages through the global log with an exclusive start', async () => {
        const stream = streamName();
        const start = await store.headPosition();
        const events = Array.from({ length: 5 }, (_, i) => newEvent(`E${i}`));
        await store.append(stream, events, { expected: 'no_stream' });

        const seen: RecordedEvent[] = [];
        let after = start;
        while (seen.length < events.length) {
          const page = await store.readAll(after, 2);
          expect(page.length).toBeGreaterThan(0);
          expect(page.length).toBeLessThanOrEqual(2);
          for (const event of page) {
            expect(event.position).toBeGreaterThan(after);
            after = event.position;
            if (event.streamId === stream) seen.push(event);
          }
        }
        expect(seen.map((event) => event.id)).toEqual(events.map((event) => event.id));

        const [, second, third] = seen;
        const [next] = await store.readAll(second!.position, 1);
        expect(next?.id).toBe(third?.id);
      });

      it('reports the head position', async () => {
        const result = await store.append(streamName(), [newEvent(), newEvent()], { expected: 'no_stream' });
        if (fresh) expect(await store.headPosition()).toBe(result.position);
        else expect(await store.headPosition()).toBeGreaterThanOrEqual(result.position);
      });

      it.skipIf(!fresh)('starts empty: head 0n and nothing to read', async () => {
        expect(await store.headPosition()).toBe(0n);
        expect(await store.readAll(0n, 10)).toEqual([]);
      });

      it('keeps positions exact through JSON as decimal strings', async () => {
        const stream = streamName();
        const events = [newEvent(), newEvent()];
        await store.append(stream, events, { expected: 'no_stream' });
        const [first] = await store.readStream(stream);

        const json = JSON.stringify({ position: first?.position }, bigintReplacer);
        const parsed = JSON.parse(json) as { position: string };
        expect(typeof parsed.position).toBe('string');
        const position = BigInt(parsed.position);
        expect(position).toBe(first?.position);
        const [next] = await store.readAll(position, 1);
        expect(next?.id).toBe(events[1]?.id);
      });
    });

    describe('subscribing', () => {
      function follow(from: bigint, stream: string, handler?: (event: RecordedEvent) => void) {
        const received: RecordedEvent[] = [];
        let caughtUpAt: bigint | undefined;
        const subscription = store.subscribe(
          from,
          (event) => {
            if (event.streamId !== stream) return;
            handler?.(event);
            received.push(event);
          },
          {
            onCaughtUp: (position) => {
              caughtUpAt = position;
            },
          },
        );
        return { received, subscription, caughtUp: () => caughtUpAt };
      }

      it('delivers catch-up events after an exclusive start, then live events, in order', async () => {
        const stream = streamName();
        const events = Array.from({ length: 5 }, (_, i) => newEvent(`E${i}`));
        await store.append(stream, events.slice(0, 3), { expected: 'no_stream' });
        const [first] = await store.readStream(stream);

        const { received, subscription, caughtUp } = follow(first!.position, stream);
        await waitUntil(() => received.length === 2 && caughtUp() !== undefined);
        await store.append(stream, events.slice(3, 4), { expected: 2n });
        await store.append(stream, events.slice(4), { expected: 3n });
        await waitUntil(() => received.length === 4);
        await subscription.close();

        expect(received.map((event) => event.id)).toEqual(events.slice(1).map((event) => event.id));
        const positions = received.map((event) => event.position);
        expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
      });

      it.skipIf(!fresh)('delivers the whole log from 0n and reports catching up at the head', async () => {
        const stream = streamName();
        await store.append(stream, [newEvent(), newEvent()], { expected: 'no_stream' });
        const head = await store.headPosition();

        const { received, subscription, caughtUp } = follow(0n, stream);
        await waitUntil(() => caughtUp() !== undefined);
        await subscription.close();
        expect(received.map((event) => event.revision)).toEqual([0n, 1n]);
        expect(caughtUp()).toBe(head);
      });

      it('redelivers an event whose handler failed, then goes on with the rest', async () => {
        const stream = streamName();
        const events = [newEvent('A'), newEvent('B'), newEvent('C')];
        const from = await store.headPosition();
        await store.append(stream, events, { expected: 'no_stream' });

        const attempts: string[] = [];
        const errors: [unknown, RecordedEvent][] = [];
        let failed = false;
        const subscription = store.subscribe(
          from,
          (event) => {
            if (event.streamId !== stream) return;
            attempts.push(event.type);
            if (event.type === 'B' && !failed) {
              failed = true;
              throw new Error('projection failed');
            }
          },
          { onError: (error, event) => errors.push([error, event]) },
        );
        await waitUntil(() => attempts.length === 4);
        await subscription.close();

        expect(attempts).toEqual(['A', 'B', 'B', 'C']);
        expect(errors).toHaveLength(1);
        const [error, failedEvent] = errors[0] ?? [];
        expect(failedEvent?.id).toBe(events[1]?.id);
        expect(error).toBeInstanceOf(Error);
        expect((error as Error).message).toBe('projection failed');
      });

      it('closes only once the running handler finished, and delivers nothing after', async () => {
        const stream = streamName();
        const from = await store.headPosition();
        await store.append(stream, [newEvent()], { expected: 'no_stream' });

        let release = () => {};
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        let started = 0;
        let finished = 0;
        const subscription = store.subscribe(from, async (event) => {
          if (event.streamId !== stream) return;
          started += 1;
          await gate;
          finished += 1;
        });
        await waitUntil(() => started === 1);

        let closed = false;
        const closing = subscription.close().then(() => {
          closed = true;
        });
        await sleep(50);
        expect(closed).toBe(false);
        release();
        await closing;
        expect(finished).toBe(1);

        await store.append(stream, [newEvent()], { expected: 0n });
        await sleep(200);
        expect(started).toBe(1);
      });
    });
  });
}
