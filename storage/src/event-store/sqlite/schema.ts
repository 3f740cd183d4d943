import type { DatabaseSync } from 'node:sqlite';

/**
 * `position` is the rowid: AUTOINCREMENT makes it strictly increasing in commit order and never
 * reused, even after the newest rows were deleted, so a checkpoint can never point at a different event.
 */
export function createEventsSchema(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS events (
      position INTEGER PRIMARY KEY AUTOINCREMENT,
      stream_id TEXT NOT NULL,
      revision INTEGER NOT NULL,
      event_id TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL,
      data TEXT NOT NULL,
      metadata TEXT NOT NULL,
      UNIQUE (stream_id, revision)
    ) STRICT
  `);
}
