import type { DatabaseSync } from 'node:sqlite';
import type { RecordedEvent } from '../port.ts';
import { type EventRow, eventColumns, readEventRows, toRecordedEvent } from './event-row.ts';

export type ReadAll = (after: bigint, max: number) => RecordedEvent[];

export function prepareReadAll(db: DatabaseSync): ReadAll {
  // A range scan on the rowid: each page costs the same however far into the log it starts.
  const page = db.prepare(`SELECT ${eventColumns} FROM events WHERE position > ? ORDER BY position LIMIT ?`);
  readEventRows(page);
  return (after, max) => (page.all(after, max) as unknown as EventRow[]).map(toRecordedEvent);
}
