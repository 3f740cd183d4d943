import type { StatementSync } from 'node:sqlite';
import type { RecordedEvent } from '../port.ts';

export const eventColumns = 'position, stream_id, revision, event_id, type, data, metadata';

/**
 * A row of `eventColumns`, read as an array with integers as bigint (see `readEventRows`): a rebuild
 * reads millions, and an array costs SQLite's binding about half an object with named fields.
 */
export type EventRow = [
  position: bigint,
  streamId: string,
  revision: bigint,
  eventId: string,
  type: string,
  data: string,
  metadata: string,
];

/** Makes `statement` (selecting `eventColumns`) give rows as `EventRow`s. */
export function readEventRows(statement: StatementSync): void {
  statement.setReadBigInts(true);
  statement.setReturnArrays(true);
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row[3],
    streamId: row[1],
    revision: row[2],
    position: row[0],
    type: row[4],
    data: JSON.parse(row[5]),
    metadata: JSON.parse(row[6]),
  };
}
