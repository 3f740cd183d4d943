import type { DatabaseSync } from 'node:sqlite';
import { openDatabase } from '../../sqlite/open-database.ts';

/** Pages of WAL after which a commit copies them into the database file. */
const WAL_CHECKPOINT_PAGES = 500;

/** How much of a read-model file is read through a memory map (SQLite keeps to its own limit below it). */
export const MMAP_BYTES = 8 * 1024 ** 3;

/** A connection to a read-model database, tuned the same for its reader and its writer. */
export function openDocumentDatabase(path: string): DatabaseSync {
  // Read models are rebuilt from the event log, so losing the last commits to a power cut costs a
  // short replay, never data: `normal` spares every projector batch an fsync.
  // Documents of about 1 KB and counter documents of a few KB: 16 KB pages hold more of them per page
  // and spare the overflow pages 4 KB pages would chain: a rebuild took about 10% less CPU.
  const db = openDatabase(path, 'normal', { pageSize: 16_384 });
  // A board of a million postings has indexes of a few hundred MB: a page cache that holds their
  // working set spares re-reading pages on every batch of a rebuild and on busy lists (SQLite only
  // takes the memory as pages are used).
  db.exec('PRAGMA cache_size = -131072');
  // Pages read through a memory map rather than copied into that cache: a page the cache does not
  // hold (a near query's documents, scattered over a file of gigabytes) costs a page fault instead of
  // a read call, a copy and a cache slot. On this 2-core VM a load's matches at a million trucks took
  // about half the CPU time (11 → 5.7–7.4 ms). Writes still go through the WAL; SQLite caps the map at
  // its build's limit (2 GB), the rest of a larger file is read as before.
  db.exec(`PRAGMA mmap_size = ${MMAP_BYTES}`);
  // Each checkpoint copies the WAL into the file and syncs it, and the event store's commits wait for
  // their own sync behind that write on the same disk. Checkpoints of 500 pages (8 MB) keep that wait
  // short: under 50 concurrent posts the longest event-store commit went from 0.29–0.46 s (10,000
  // pages, 160 MB) to 25–50 ms, and the posts' p99 from 150–380 ms to 92–103 ms, with no cost to a
  // rebuild (the 100k bench board: 31.0 and 36.3 s against 35.4 and 36.1 s).
  db.exec(`PRAGMA wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  return db;
}
