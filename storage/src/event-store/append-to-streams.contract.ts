import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/store-per-test.ts';
import { testEvent } from '../testing/test-event.ts';
import {
  type EventStore,
  type StreamAppendOutcome,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from './port.ts';

/**
 * `appendToStreams`: several streams' appends in one call (the expiry sweep's page), each with its
 * own expected revision and its own answer. Streams of their own (random names), so a shared server
 * serves it too.
 */

const streamName = () => `batch_truck-${randomUUID()}`;

async function idsOf(store: EventStore, stream: string): Promise<string[]> {
  try {
    return (await store.readStream(stream)).map((event) => event.id);
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
}

function resultOf(outcome: StreamAppendOutcome | undefined) {
  if (!outcome || !('result' in outcome)) throw new Error(`expected a result, got ${String(outcome)}`);
  return outcome.result;
}

export function appendToStreamsContract(
  name: string,
  open: () => Promise<EventStore> | EventStore,
  cleanup?: () => Promise<void> | void,
): void {
  describe(`${name}: appends to several streams at once`, () => {
    const store = storePerTest(open, cleanup);

    it('stores every share, each answered in the order given with its own revision and position', async () => {
      const existing = streamName();
      await store.append(existing, [testEvent(), testEvent()], { expected: 'no_stream' });
      const head = await store.headPosition();
      const shares = [
        { streamId: streamName(), events: [testEvent('TruckExpired')], expected: 'no_stream' as const },
        { streamId: existing, events: [testEvent('TruckExpired')], expected: 1n },
        { streamId: streamName(), events: [testEvent(), testEvent()], expected: 'any' as const },
      ];
      const outcomes = await store.appendToStreams(shares);
      expect(outcomes).toHaveLength(3);
      expect(outcomes.map((outcome) => resultOf(outcome).nextRevision)).toEqual([0n, 2n, 1n]);
      const positions = outcomes.map((outcome) => resultOf(outcome).position);
      expect(new Set(positions).size).toBe(3);
      for (const position of positions) expect(position).toBeGreaterThan(head);
      for (const [index, share] of shares.entries()) {
        const recorded = await store.readStream(share.streamId);
        expect(recorded.slice(-share.events.length).map((event) => event.id)).toEqual(
          share.events.map((event) => event.id),
        );
        expect(recorded.at(-1)?.position).toBe(positions[index]);
      }
    });

    it('answers a share whose expected revision does not hold with the conflict, stores none of it, and stores the others', async () => {
      const [moved, fresh, after] = [streamName(), streamName(), streamName()];
      await store.append(moved, [testEvent(), testEvent()], { expected: 'no_stream' });
      const conflicting = [testEvent('TruckExpired'), testEvent('TruckExpired')];
      const outcomes = await store.appendToStreams([
        { streamId: fresh, events: [testEvent()], expected: 'no_stream' },
        // Read at revision 0; the stream has moved on to 1.
        { streamId: moved, events: conflicting, expected: 0n },
        { streamId: after, events: [testEvent()], expected: 'no_stream' },
      ]);
      expect(resultOf(outcomes[0]).nextRevision).toBe(0n);
      expect(resultOf(outcomes[2]).nextRevision).toBe(0n);
      const failed = outcomes[1];
      expect(failed && 'error' in failed ? failed.error : null).toBeInstanceOf(WrongExpectedRevisionError);
      expect(failed).toMatchObject({ error: { streamId: moved, expected: 0n, actual: 1n } });
      expect(await idsOf(store, moved)).toHaveLength(2);
      expect(await idsOf(store, fresh)).toHaveLength(1);
      expect(await idsOf(store, after)).toHaveLength(1);
      // The conflicting share's events were never stored: they can go in once read again.
      const retried = await store.append(moved, conflicting, { expected: 1n });
      expect(retried.nextRevision).toBe(3n);
    });

    it('checks a share against the earlier shares of the same stream in the call', async () => {
      const stream = streamName();
      const [first, second, stale] = [testEvent(), testEvent(), testEvent()];
      const outcomes = await store.appendToStreams([
        { streamId: stream, events: [first], expected: 'no_stream' },
        { streamId: stream, events: [second], expected: 0n },
        { streamId: stream, events: [stale], expected: 0n },
      ]);
      expect(resultOf(outcomes[0]).nextRevision).toBe(0n);
      expect(resultOf(outcomes[1]).nextRevision).toBe(1n);
      expect(outcomes[2]).toMatchObject({ error: { name: 'WrongExpectedRevisionError', actual: 1n } });
      expect(await idsOf(store, stream)).toEqual([first.id, second.id]);
    });

    it('answers a share re-sent with the same event ids as it was first answered, storing nothing twice', async () => {
      const stream = streamName();
      const events = [testEvent('TruckExpired')];
      await store.append(stream, [testEvent()], { expected: 'no_stream' });
      const [first] = await store.appendToStreams([{ streamId: stream, events, expected: 0n }]);
      const [again] = await store.appendToStreams([{ streamId: stream, events, expected: 0n }]);
      expect(resultOf(again)).toEqual(resultOf(first));
      expect(await idsOf(store, stream)).toHaveLength(2);
    });

    it('refuses a share without events, storing none of the call', async () => {
      const stream = streamName();
      await expect(
        store.appendToStreams([
          { streamId: stream, events: [testEvent()], expected: 'no_stream' },
          { streamId: streamName(), events: [], expected: 'any' },
        ]),
      ).rejects.toThrow('append needs at least one event');
      expect(await idsOf(store, stream)).toEqual([]);
      expect(await store.appendToStreams([])).toEqual([]);
    });
  });
}
