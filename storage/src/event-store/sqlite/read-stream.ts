import type { DatabaseSync } from 'node:sqlite';
import { type RecordedEvent, StreamNotFoundError } from '../port.ts';
import { type EventRow, eventColumns, toRecordedEvent } from './event-row.ts';

export type ReadStream = (streamId: string, fromRevision: bigint) => RecordedEvent[];

export function prepareReadStream(db: DatabaseSync): ReadStream {
  const slice = db.prepare(
    `SELECT ${eventColumns} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision`,
  );
  const exists = db.prepare('SELECT 1 FROM events WHERE stream_id = ? LIMIT 1');
  slice.setReadBigInts(true);

  return (streamId, fromRevision) => {
    const rows = slice.all(streamId, fromRevision) as unknown as EventRow[];
    // Reading past the end of a stream is not the same as reading a stream that does not exist.
    if (rows.length === 0 && exists.get(streamId) === undefined) throw new StreamNotFoundError(streamId);
    return rows.map(toRecordedEvent);
  };
}
