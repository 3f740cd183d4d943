import type { DatabaseSync } from 'node:sqlite';
import { type RecordedEvent, StreamNotFoundError } from '../port.ts';
import { type EventRow, eventColumns, readEventRows, toRecordedEvent } from './event-row.ts';

export type ReadStream = (streamId: string, fromRevision: bigint) => RecordedEvent[];

export function prepareReadStream(db: DatabaseSync): ReadStream {
  const slice = db.prepare(
    `SELECT ${eventColumns} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision`,
  );
  const exists = db.prepare('SELECT 1 FROM events WHERE stream_id = ? LIMIT 1');
  readEventRows(slice);

  return (streamId, fromRevision) => {
    // From the revision before the one asked: a reader catching up on a stream it has read (the
    // membership check of every command) most often finds nothing new, and that row then shows the
    // stream exists without a second statement.
    const rows = slice.all(streamId, fromRevision > 0n ? fromRevision - 1n : 0n) as unknown as EventRow[];
    // Reading past the end of a stream is not the same as reading a stream that does not exist.
    if (rows.length === 0 && exists.get(streamId) === undefined) throw new StreamNotFoundError(streamId);
    const events: RecordedEvent[] = [];
    for (const row of rows) if (row[2] >= fromRevision) events.push(toRecordedEvent(row));
    return events;
  };
}
