import type { DatabaseSync } from 'node:sqlite';
import type { RecordedEvent } from '../port.ts';
import { type EventRow, eventColumns, readEventRows, toRecordedEvent } from './event-row.ts';

export type ReadStreams = (streamIds: readonly string[]) => Map<string, RecordedEvent[]>;

/**
 * Many streams in one query: the ids travel as one JSON array, and each is looked up in the
 * (stream, revision) index, its events in revision order.
 */
export function prepareReadStreams(db: DatabaseSync): ReadStreams {
  const select = db.prepare(
    `SELECT ${eventColumns} FROM events
     WHERE stream_id IN (SELECT value FROM json_each(?))
     ORDER BY stream_id, revision`,
  );
  readEventRows(select);

  return (streamIds) => {
    const streams = new Map<string, RecordedEvent[]>();
    if (streamIds.length === 0) return streams;
    for (const row of select.iterate(JSON.stringify(streamIds)) as unknown as Iterable<EventRow>) {
      const event = toRecordedEvent(row);
      const events = streams.get(event.streamId);
      if (events) events.push(event);
      else streams.set(event.streamId, [event]);
    }
    return streams;
  };
}
