import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * `PRAGMA quick_check` of one copied file (`workerData`), on a thread of its own so the backup hashes
 * the file meanwhile; posts the check's answer ("ok", or what is damaged).
 */
const db = new DatabaseSync(workerData as string, { readOnly: true });
try {
  // Pages read through a memory map rather than copied through SQLite's cache.
  db.exec(`PRAGMA mmap_size = ${8 * 1024 ** 3}`);
  const rows = db.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
  parentPort?.postMessage(rows.map((row) => row.quick_check).join('; '));
} finally {
  db.close();
}
