import { describe, expect, it } from 'vitest';
import { inMemory, openDatabase } from '../../sqlite/open-database.ts';
import { newEventId } from '../event-id.ts';
import type { RecordedEvent } from '../port.ts';
import { encodeEvents, prepareAppendToStream } from './append-to-stream.ts';
import { prepareHeadPosition } from './head-position.ts';
import { type LogSource, subscribeToLog } from './log-subscription.ts';
import { prepareReadAll } from './read-all.ts';
import { createEventsSchema } from './schema.ts';

/** The store's own log pieces on one in-memory database, its reads counted. */
function countedLog() {
  const db = openDatabase(inMemory, 'normal');
  createEventsSchema(db);
  const append = prepareAppendToStream(db);
  const readAll = prepareReadAll(db);
  const listeners = new Set<() => void>();
  const log = {
    reads: 0,
    source: {
      readAll: (after, max) => {
        log.reads++;
        return readAll(after, max);
      },
      head: prepareHeadPosition(db),
      listen: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } satisfies LogSource,
    append(streamId: string) {
      append({
        streamId,
        events: encodeEvents([
          {
            id: newEventId(),
            type: 'Noted',
            data: {},
            metadata: {
              orgId: 'org',
              actorId: 'user',
              correlationId: 'c',
              causationId: null,
              schemaVersion: 1,
              occurredAt: '2026-11-27T00:00:00.000Z',
            },
          },
        ]),
        expected: 'no_stream',
      });
      for (const listener of listeners) listener();
    },
  };
  return log;
}

describe('a subscription to the log', () => {
  it('reads once per append once live, and misses none appended while it delivers', async () => {
    const log = countedLog();
    for (let n = 0; n < 3; n++) log.append(`early-${n}`);
    const seen: string[] = [];
    const subscription = subscribeToLog(
      log.source,
      0n,
      async (event: RecordedEvent) => {
        seen.push(event.streamId);
        // An append signalled while this event is delivered: the loop must read again for it.
        if (event.streamId === 'live-0') log.append('during-delivery');
      },
      {},
    );
    const delivered = (count: number) => expect.poll(() => seen.length, { timeout: 2_000 }).toBe(count);
    // Catching up: the three events in one short page, then asleep without reading an empty one.
    await delivered(3);
    expect(log.reads).toBe(1);
    log.append('live-0');
    await delivered(5);
    log.append('live-1');
    await delivered(6);
    log.append('live-2');
    await delivered(7);
    expect(seen).toEqual(['early-0', 'early-1', 'early-2', 'live-0', 'during-delivery', 'live-1', 'live-2']);
    // One read per page: the catch-up, live-0, during-delivery, live-1 and live-2 (an empty read after
    // each made nine).
    expect(log.reads).toBe(5);
    await subscription.close();
  });
});
