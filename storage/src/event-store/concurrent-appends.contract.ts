import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/store-per-test.ts';
import { testEvent } from '../testing/test-event.ts';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from './port.ts';

/**
 * Appends under concurrency, as a server with many clients makes them: what the contract suite says
 * one append at a time must still hold when many are in flight at once (an adapter may commit them
 * together, as the SQLite one does).
 */

const newEvent = testEvent;

const streamName = (tag: string) => `concurrent_${tag}-${randomUUID()}`;

async function readAllOf(store: EventStore, after: bigint, streams: Set<string>): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let page = await store.readAll(after, 500); page.length > 0; ) {
    for (const event of page) if (streams.has(event.streamId)) events.push(event);
    page = await store.readAll(page.at(-1)!.position, 500);
  }
  return events;
}

function strictlyIncreasing(values: bigint[]): boolean {
  return values.every((value, i) => i === 0 || value > values[i - 1]!);
}

export function concurrentAppendsContract(
  name: string,
  open: () => Promise<EventStore> | EventStore,
  cleanup?: () => Promise<void> | void,
): void {
  describe(`${name}: concurrent appends`, () => {
    const store = storePerTest(open, cleanup);

    it('stores every acknowledged append of many concurrent ones to different streams, each with its own answer', async () => {
      const from = await store.headPosition();
      const appends = Array.from({ length: 120 }, (_, i) => ({
        stream: streamName('many'),
        events: Array.from({ length: (i % 3) + 1 }, () => newEvent()),
      }));
      const results = await Promise.all(
        appends.map(({ stream, events }) => store.append(stream, events, { expected: 'no_stream' })),
      );

      for (const [i, { stream, events }] of appends.entries()) {
        const recorded = await store.readStream(stream);
        expect(recorded.map((event) => event.id)).toEqual(events.map((event) => event.id));
        expect(results[i]).toEqual({
          nextRevision: BigInt(events.length - 1),
          position: recorded.at(-1)?.position,
        });
        // One append's events are contiguous in the log.
        const positions = recorded.map((event) => event.position);
        expect(strictlyIncreasing(positions)).toBe(true);
      }
      expect(new Set(results.map((result) => result.position)).size).toBe(appends.length);

      const log = await readAllOf(store, from, new Set(appends.map(({ stream }) => stream)));
      expect(strictlyIncreasing(log.map((event) => event.position))).toBe(true);
      expect(log.map((event) => event.id).sort()).toEqual(
        appends.flatMap(({ events }) => events.map((event) => event.id)).sort(),
      );
    });

    it('lets exactly one append win each expected revision when many race on the same streams', async () => {
      const streams = Array.from({ length: 4 }, () => streamName('race'));
      const rounds = 8;
      const contenders = 6;
      const winners = new Map<string, string[]>(streams.map((stream) => [stream, []]));
      for (let round = 0; round < rounds; round++) {
        const expected: ExpectedRevision = round === 0 ? 'no_stream' : BigInt(round - 1);
        const attempts = streams.flatMap((stream) =>
          Array.from({ length: contenders }, () => {
            const event = newEvent('Raced', { round });
            return store.append(stream, [event], { expected }).then(
              (result) => ({ stream, event, result }),
              (error: unknown) => ({ stream, event, error }),
            );
          }),
        );
        const settled = await Promise.all(attempts);
        for (const stream of streams) {
          const mine = settled.filter((attempt) => attempt.stream === stream);
          const won = mine.filter((attempt) => 'result' in attempt);
          const lost = mine.filter((attempt) => 'error' in attempt);
          expect(won).toHaveLength(1);
          expect(won[0] && 'result' in won[0] && won[0].result.nextRevision).toBe(BigInt(round));
          for (const attempt of lost) {
            const error = 'error' in attempt ? attempt.error : undefined;
            expect(error).toBeInstanceOf(WrongExpectedRevisionError);
            expect(error).toMatchObject({ streamId: stream, expected, actual: BigInt(round) });
          }
          winners.get(stream)?.push(won[0]!.event.id);
        }
      }
      for (const stream of streams) {
        const recorded = await store.readStream(stream);
        expect(recorded.map((event) => event.revision)).toEqual(
          Array.from({ length: rounds }, (_, i) => BigInt(i)),
        );
        expect(recorded.map((event) => event.id)).toEqual(winners.get(stream));
      }
    });

    it('hands out positions in commit order: an append asked after another was acknowledged lies after it', async () => {
      const from = await store.headPosition();
      const writers = 20;
      const appendsPerWriter = 10;
      let highestAcknowledged = 0n;
      const observed: { askedAfter: bigint; stream: string; result: AppendResult }[] = [];
      const streams = new Set<string>();
      await Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          const stream = streamName(`writer${writer}`);
          streams.add(stream);
          let expected: ExpectedRevision = 'no_stream';
          for (let i = 0; i < appendsPerWriter; i++) {
            const askedAfter = highestAcknowledged;
            const result = await store.append(stream, [newEvent('Written', { writer, i })], { expected });
            if (result.position > highestAcknowledged) highestAcknowledged = result.position;
            observed.push({ askedAfter, stream, result });
            expected = result.nextRevision;
            // Writers drift apart, so groups of different sizes form.
            if (i % 3 === writer % 3) await sleep(1);
          }
        }),
      );

      for (const { askedAfter, result } of observed) expect(result.position).toBeGreaterThan(askedAfter);
      for (const stream of streams) {
        const positions = (await store.readStream(stream)).map((event) => event.position);
        expect(positions).toHaveLength(appendsPerWriter);
        expect(strictlyIncreasing(positions)).toBe(true);
      }
      const log = await readAllOf(store, from, streams);
      expect(log).toHaveLength(writers * appendsPerWriter);
      expect(log.map((event) => event.position)).toEqual(
        observed.map(({ result }) => result.position).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    });

    it('fails only the appends whose check fails when they are in flight with others', async () => {
      const existing = streamName('existing');
      const used = newEvent();
      await store.append(existing, [newEvent()], { expected: 'no_stream' });
      await store.append(streamName('used'), [used], { expected: 'no_stream' });

      const fine = [streamName('fine'), streamName('fine'), streamName('fine')];
      const reusesId = streamName('reuses');
      const attempts = await Promise.allSettled([
        store.append(fine[0]!, [newEvent(), newEvent()], { expected: 'no_stream' }),
        store.append(existing, [newEvent()], { expected: 'no_stream' }),
        store.append(fine[1]!, [newEvent()], { expected: 'any' }),
        store.append(reusesId, [newEvent(), used], { expected: 'no_stream' }),
        store.append(existing, [newEvent()], { expected: 5n }),
        store.append(fine[2]!, [newEvent()], { expected: 'no_stream' }),
      ]);

      expect(attempts.map((attempt) => attempt.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'rejected',
        'rejected',
        'fulfilled',
      ]);
      const reasons = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason] : []));
      expect(reasons[0]).toBeInstanceOf(WrongExpectedRevisionError);
      expect(reasons[0]).toMatchObject({ streamId: existing, expected: 'no_stream', actual: 0n });
      expect(reasons[2]).toMatchObject({ streamId: existing, expected: 5n, actual: 0n });
      expect(await store.readStream(existing)).toHaveLength(1);
      await expect(store.readStream(reusesId)).rejects.toBeInstanceOf(StreamNotFoundError);
      expect((await store.readStream(fine[0]!)).map((event) => event.revision)).toEqual([0n, 1n]);
      expect(await store.readStream(fine[1]!)).toHaveLength(1);
      expect(await store.readStream(fine[2]!)).toHaveLength(1);
    });

    it('answers a batch re-appended while the first append is still in flight with the same result', async () => {
      const stream = streamName('retried');
      const events = [newEvent(), newEvent()];
      const [first, again] = await Promise.all([
        store.append(stream, events, { expected: 'no_stream' }),
        store.append(stream, events, { expected: 'no_stream' }),
      ]);
      expect(again).toEqual(first);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('delivers every concurrently appended event to a live subscription, in position order', async () => {
      const from = await store.headPosition();
      const streams = Array.from({ length: 40 }, () => streamName('live'));
      const wanted = new Set(streams);
      const received: RecordedEvent[] = [];
      let caughtUp = false;
      const subscription = store.subscribe(
        from,
        (event) => {
          if (wanted.has(event.streamId)) received.push(event);
        },
        {
          onCaughtUp: () => {
            caughtUp = true;
          },
        },
      );
      const deadline = Date.now() + 5_000;
      while (!caughtUp && Date.now() < deadline) await sleep(5);

      await Promise.all(
        streams.map((stream) => store.append(stream, [newEvent()], { expected: 'no_stream' })),
      );
      while (received.length < streams.length && Date.now() < deadline) await sleep(5);
      await subscription.close();

      expect(received).toHaveLength(streams.length);
      expect(strictlyIncreasing(received.map((event) => event.position))).toBe(true);
      expect(new Set(received.map((event) => event.streamId))).toEqual(wanted);
    });
  });
}
