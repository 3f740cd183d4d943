import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/store-per-test.ts';
import { testEvent } from '../testing/test-event.ts';
import type { EventStore } from './port.ts';

/**
 * `readStreams`: many streams read in one call (the expiry sweep's page), each as `readStream` reads
 * it. Streams of their own (random names), so a shared server serves it too.
 */

const streamName = () => `batch_truck-${randomUUID()}`;

export function readStreamsContract(
  name: string,
  open: () => Promise<EventStore> | EventStore,
  cleanup?: () => Promise<void> | void,
): void {
  describe(`${name}: reads several streams at once`, () => {
    const store = storePerTest(open, cleanup);

    it('answers each stream its events in revision order, as readStream does, and leaves out a stream without events', async () => {
      const [first, second, third, missing] = [streamName(), streamName(), streamName(), streamName()];
      await store.append(first, [testEvent('TruckPosted'), testEvent('TruckUpdated')], {
        expected: 'no_stream',
      });
      await store.append(second, [testEvent('TruckPosted')], { expected: 'no_stream' });
      await store.append(first, [testEvent('TruckExpired')], { expected: 1n });
      await store.append(third, [testEvent('LoadPosted')], { expected: 'no_stream' });

      const streams = await store.readStreams([second, missing, first, second]);

      expect([...streams.keys()].sort()).toEqual([first, second].sort());
      expect(streams.get(first)).toEqual(await store.readStream(first));
      expect(streams.get(first)?.map((event) => [event.type, event.revision])).toEqual([
        ['TruckPosted', 0n],
        ['TruckUpdated', 1n],
        ['TruckExpired', 2n],
      ]);
      expect(streams.get(second)).toEqual(await store.readStream(second));
      expect(streams.has(third)).toBe(false);
      expect(streams.has(missing)).toBe(false);
    });

    it('answers nothing for no stream, and reads a thousand streams in one call', async () => {
      expect((await store.readStreams([])).size).toBe(0);
      const names = Array.from({ length: 1000 }, streamName);
      const appended = await store.appendToStreams(
        names.map((streamId) => ({
          streamId,
          events: [testEvent('TruckPosted')],
          expected: 'no_stream' as const,
        })),
      );
      const streams = await store.readStreams(names);
      expect(streams.size).toBe(1000);
      names.forEach((streamId, index) => {
        const outcome = appended[index];
        const events = streams.get(streamId);
        expect(events).toHaveLength(1);
        expect(outcome && 'result' in outcome && outcome.result.position).toBe(events?.[0]?.position);
      });
    });
  });
}
