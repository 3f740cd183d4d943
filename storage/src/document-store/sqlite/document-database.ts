import type { DatabaseSync } from 'node:sqlite';
import { openDatabase } from '../../sqlite/open-database.ts';

/** A connection to a read-model database, tuned the same for its reader and its writer. */
export function openDocumentDatabase(path: string): DatabaseSync {
  // Read models are rebuilt from the event log, so losing the last commits to a power cut costs a
  // short replay, never data: `normal` spares every projector batch an fsync.
  // Documents of about 1 KB and counter documents of a few KB: 16 KB pages hold more of them per page
  // and spare the overflow pages 4 KB pages would chain: a rebuild took about 10% less CPU.
  const db = openDatabase(path, 'normal', { pageSize: 16_384 });
  // A board of a million postings has indexes of a few hundred MB: a page cache that holds their
  // working set spares re-reading pages on every batch of a rebuild and on busy lists (SQLite only
  // takes the memory as pages are used). A longer WAL between checkpoints lets a page changed by
  // consecutive batches be copied into the file once rather than once per batch.
  db.exec('PRAGMA cache_size = -131072');
  db.exec('PRAGMA wal_autocheckpoint = 10000');
  return db;
}
