import { DatabaseSync } from 'node:sqlite';

export type Synchronous = 'full' | 'normal';

export const inMemory = ':memory:';

/**
 * One connection per store instance. A connection is only ever used synchronously, so a transaction
 * never spans an `await` and two stores sharing a file in one process cannot deadlock each other.
 */
export function openDatabase(
  path: string,
  synchronous: Synchronous,
  options: { pageSize?: number } = {},
): DatabaseSync {
  const db = new DatabaseSync(path);
  // Only a new, empty database takes a page size (before WAL is set); an existing one keeps its own.
  if (options.pageSize) db.exec(`PRAGMA page_size = ${Math.trunc(options.pageSize)}`);
  // Another process may hold the write lock for a moment (two processes may share the file):
  // waiting is better than failing the command.
  db.exec('PRAGMA busy_timeout = 5000');
  // WAL lets readers (subscriptions, queries) run while a writer appends.
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  return db;
}

/** Runs `work` in a write transaction taken up front, so the reads it makes cannot go stale before it writes. */
export function inWriteTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
