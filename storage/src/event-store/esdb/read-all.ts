import { BACKWARDS, END, type EventStoreDBClient, type ReadPosition } from '@eventstore/db-client';
import type { RecordedEvent } from '../port.ts';
import { fromEsdbEvent, isSystemEvent, toEsdbPosition, toReadPosition } from './esdb-mapping.ts';

/**
 * `readAll` on the server starts at (and includes) the given position and counts system events
 * against `maxCount`, so a page is assembled from as many reads as it takes.
 */
export async function readAllAfter(
  client: EventStoreDBClient,
  from: bigint,
  max: number,
): Promise<RecordedEvent[]> {
  const page: RecordedEvent[] = [];
  let after = from;
  while (page.length < max) {
    const wanted = max - page.length + 1;
    let read = 0;
    for await (const resolved of client.readAll({ fromPosition: toReadPosition(after), maxCount: wanted })) {
      read += 1;
      const event = resolved.event;
      if (!event?.position || event.position.commit <= after) continue;
      after = event.position.commit;
      if (isSystemEvent(event)) continue;
      page.push(fromEsdbEvent(event));
      if (page.length === max) break;
    }
    if (read < wanted) break;
  }
  return page;
}

const headPageSize = 100;

/** The newest event that is not the server's own, read backwards from the end of $all. */
export async function readHeadPosition(client: EventStoreDBClient): Promise<bigint> {
  let before: ReadPosition = END;
  for (;;) {
    let read = 0;
    let oldest: bigint | undefined;
    for await (const resolved of client.readAll({
      direction: BACKWARDS,
      fromPosition: before,
      maxCount: headPageSize,
    })) {
      read += 1;
      const event = resolved.event;
      if (!event?.position) continue;
      if (!isSystemEvent(event)) return event.position.commit;
      oldest = event.position.commit;
    }
    if (read < headPageSize || oldest === undefined) return 0n;
    before = toEsdbPosition(oldest);
  }
}
