import { createHash } from 'node:crypto';
import {
  chmodSync,
  constants,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { unsettledOf } from '@dispatch/projector';
import { collections, LIVE_CHECKPOINT } from '@dispatch/read-models';
import { joinedFilesOf } from '@dispatch/storage';

/**
 * Backups of the embedded stores (docs/operations.md#backups): a consistent copy of a running
 * product's data folder, taken beside it without stopping it, and its restore into a new folder.
 *
 * A read transaction is opened on each SQLite file, one after the other, before anything is copied:
 * each file's copy is that file as of one instant (in WAL mode the product goes on writing meanwhile),
 * and the instants follow each other within milliseconds, in an order that keeps the copies consistent
 * with each other:
 *   1. the read models, whose checkpoint is then at or behind the log's copy (a restored product
 *      projects the rest on start);
 *   2. the event log, so every command acknowledged before the backup began is in it;
 *   3. the identity database (users, sessions, organizations, members), so every user and
 *      organization the copied events name is in its copy.
 * The read models may be in several files (a rebuild's file joined to the first, see
 * `joinedFilesOf`): the first file's transaction is opened, then those of the files it names, and the
 * set is kept only if no batch of the projector was under way meanwhile (its checkpoint unmoved and no
 * batch's mark, before and after); otherwise it is opened again. A set that never settles is copied
 * all the same with the mark added to the copy, so the restored product builds its read models again.
 * Then each file is copied page by page from its transaction with SQLite's online backup API, on a
 * thread of the pool, while the copy before it is checked and hashed.
 */

export const BACKUP_FORMAT = 1;

/** The files of the data folder a backup holds, in the order they are copied (and the read models' joined files after the first). */
export const backedUpFiles = ['read-models.sqlite', 'events.sqlite', 'auth.sqlite'] as const;
const READ_MODELS = 'read-models.sqlite';
/** A read-model file a rebuild joined to the first (file-set-store.ts). */
const isJoinedReadModelFile = (name: string) => /^read-models\.r[0-9a-f]+\.sqlite$/.test(name);
/** How often the read models' files are opened again for a set no batch of the projector spans. */
const SETTLE_ATTEMPTS = 50;
/** The secret that signs sessions, generated into the data folder when none is configured. */
const SECRET_FILE = 'auth-secret';
/** How much of a file is read through a memory map (SQLite keeps to its own limit below it). */
const MMAP_BYTES = 8 * 1024 ** 3;
/** How much of a file is read at a time to hash it. */
const CHUNK_BYTES = 4 * 1024 * 1024;
const MANIFEST = 'manifest.json';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  /** When the copy of the first file began and when the last one ended (ISO). */
  startedAt: string;
  finishedAt: string;
  files: { name: string; bytes: number; sha256: string }[];
  /** The log's last position in the copy, and the position the copied read models reflect. */
  positions: { events: string; readModels: string | null };
}

export class BackupError extends Error {}

/** The file's SHA-256, read as a stream (the event log may be gigabytes). */
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A read transaction on one SQLite file of the data folder: the instant its copy is taken at. */
interface Snapshot {
  name: string;
  db: DatabaseSync;
}

function snapshotOf(dataDir: string, name: string): Snapshot {
  const db = new DatabaseSync(join(dataDir, name), { readOnly: true });
  try {
    // Pages read through a memory map rather than copied through SQLite's cache.
    db.exec(`PRAGMA mmap_size = ${MMAP_BYTES}`);
    // A deferred transaction begins at its first read: the copy reads from that instant on.
    db.exec('BEGIN');
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return { name, db };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Where the projector's batches stand on a connection to the first read-model file: its checkpoint, and whether a batch's mark is there. */
function batchesOn(db: DatabaseSync): string {
  const row = (id: string) =>
    db.prepare(`SELECT position FROM "docs_${collections.checkpoints}" WHERE id = ?`).get(id) as
      | { position: number | bigint }
      | undefined;
  try {
    return row(unsettledOf(LIVE_CHECKPOINT)) ? 'under way' : String(row(LIVE_CHECKPOINT)?.position ?? 0);
  } catch {
    // Never projected.
    return '0';
  }
}

/**
 * Transactions on the read-model files, each the file as of one instant, taken so no batch of the
 * projector spans them (see above); `settled` false when none could be.
 */
async function readModelSnapshots(dataDir: string): Promise<{ snapshots: Snapshot[]; settled: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const first = snapshotOf(dataDir, READ_MODELS);
    const snapshots = [first];
    const joined = joinedFilesOf(first.db, join(dataDir, READ_MODELS));
    if (joined.length === 0) return { snapshots, settled: true };
    let settled = false;
    try {
      const before = batchesOn(first.db);
      for (const name of joined) snapshots.push(snapshotOf(dataDir, name));
      const now = new DatabaseSync(join(dataDir, READ_MODELS), { readOnly: true });
      try {
        settled = before !== 'under way' && batchesOn(now) === before;
      } finally {
        now.close();
      }
    } catch {
      // A file a switch deleted meanwhile: the set is read again.
    }
    if (settled || attempt === SETTLE_ATTEMPTS) {
      if (snapshots.length === joined.length + 1) return { snapshots, settled };
    }
    for (const snapshot of snapshots) snapshot.db.close();
    if (attempt >= SETTLE_ATTEMPTS * 2)
      throw new BackupError('the read models kept changing files while they were opened: try again');
    await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 20));
  }
}

/** Adds the projector's batch mark to a copy of the first read-model file: the product builds its read models again on start. */
function markUnsettled(path: string): void {
  const db = new DatabaseSync(path);
  try {
    const id = unsettledOf(LIVE_CHECKPOINT);
    db.prepare(
      `INSERT INTO "docs_${collections.checkpoints}" (id, doc, position) VALUES (?, ?, 1) ON CONFLICT (id) DO NOTHING`,
    ).run(id, JSON.stringify({ id }));
  } finally {
    db.close();
  }
}

/** SQLite's online backup API copies this many pages a step (all of them: every step reads one transaction). */
const ALL_PAGES = 2 ** 31 - 1;

/** Copies a snapshot into `target` page by page, on a thread of the pool. */
async function copySnapshot(snapshot: Snapshot, target: string): Promise<void> {
  await backup(snapshot.db, target, { rate: ALL_PAGES });
}

/** `PRAGMA quick_check` of the file at `path`, on a thread of its own: "ok", or what is damaged. */
function quickCheck(path: string): Promise<string> {
  const worker = new Worker(new URL('./quick-check.ts', import.meta.url), { workerData: path });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the check of ${path} stopped (exit code ${code})`)));
  });
}

/**
 * Checks the copy's structure (`PRAGMA quick_check`) while it is hashed, for the manifest. The copy is
 * first left in rollback-journal mode, a file alone (the product sets WAL again when it opens it).
 */
async function checkedCopy(to: string, name: string): Promise<BackupManifest['files'][number]> {
  const path = join(to, name);
  const copy = new DatabaseSync(path);
  try {
    copy.exec('PRAGMA journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const [check, sha256] = await Promise.all([quickCheck(path), sha256Of(path)]);
  if (check !== 'ok') throw new BackupError(`the copy of ${name} is damaged: ${check}`);
  return { name, bytes: statSync(path).size, sha256 };
}

function readOne<T>(path: string, sql: string, ...params: string[]): T | undefined {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } catch {
    // A file without the table (a product that never projected) has no position.
    return undefined;
  } finally {
    db.close();
  }
}

/** The log's last position and the read models' checkpoint, as the files of `dir` hold them. */
export function positionsIn(dir: string): BackupManifest['positions'] {
  const head = readOne<{ position: number | bigint | null }>(
    join(dir, 'events.sqlite'),
    'SELECT MAX(position) AS position FROM events',
  );
  const checkpoint = readOne<{ position: number | bigint }>(
    join(dir, 'read-models.sqlite'),
    `SELECT position FROM "docs_${collections.checkpoints}" WHERE id = ?`,
    LIVE_CHECKPOINT,
  );
  return {
    events: String(head?.position ?? 0),
    readModels: checkpoint ? String(checkpoint.position) : null,
  };
}

function emptyOrAbsent(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Copies the data folder `dataDir` (the product may be running on it) into the new folder `to`, with a
 * manifest of the positions and checksums. Returns the manifest.
 */
export async function backUp({ dataDir, to }: { dataDir: string; to: string }): Promise<BackupManifest> {
  if (!existsSync(join(dataDir, 'events.sqlite')))
    throw new BackupError(`${dataDir} holds no event log (events.sqlite): nothing to back up`);
  if (!emptyOrAbsent(to)) throw new BackupError(`${to} is not empty: a backup goes into a new folder`);
  mkdirSync(to, { recursive: true });
  const startedAt = new Date().toISOString();
  const snapshots: Snapshot[] = [];
  const files: BackupManifest['files'] = [];
  let settled = true;
  try {
    if (existsSync(join(dataDir, READ_MODELS))) {
      const readModels = await readModelSnapshots(dataDir);
      snapshots.push(...readModels.snapshots);
      settled = readModels.settled;
    }
    for (const name of backedUpFiles)
      if (name !== READ_MODELS && existsSync(join(dataDir, name))) snapshots.push(snapshotOf(dataDir, name));
    // The smaller files first: each copy is checked and hashed while the next one is made, and the
    // largest is left alone at the end.
    const bySize = [...snapshots].sort(
      (a, b) => statSync(join(dataDir, a.name)).size - statSync(join(dataDir, b.name)).size,
    );
    let copied: string | null = null;
    for (const snapshot of bySize) {
      const [copy, check] = await Promise.allSettled([
        copySnapshot(snapshot, join(to, snapshot.name)),
        copied ? checkedCopy(to, copied) : null,
      ]);
      if (copy.status === 'rejected') throw copy.reason;
      if (snapshot.name === READ_MODELS && !settled) markUnsettled(join(to, READ_MODELS));
      if (check.status === 'rejected') throw check.reason;
      if (check.value) files.push(check.value);
      snapshot.db.close();
      copied = snapshot.name;
    }
    if (copied) files.push(await checkedCopy(to, copied));
    const order = snapshots.map((snapshot) => snapshot.name);
    files.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  } finally {
    for (const snapshot of snapshots) if (snapshot.db.isOpen) snapshot.db.close();
  }
  const finishedAt = new Date().toISOString();
  if (existsSync(join(dataDir, SECRET_FILE))) {
    copyFileSync(join(dataDir, SECRET_FILE), join(to, SECRET_FILE));
    chmodSync(join(to, SECRET_FILE), 0o600);
    const path = join(to, SECRET_FILE);
    files.push({ name: SECRET_FILE, bytes: statSync(path).size, sha256: await sha256Of(path) });
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    startedAt,
    finishedAt,
    files,
    positions: positionsIn(to),
  };
  writeFileSync(join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads a backup's manifest and checks that it names an event log of a format this code reads. */
async function readManifest(from: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(from, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${from} holds no readable ${MANIFEST}: not a backup`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(`backup format ${manifest.format} is not known`);
  if (!manifest.files.some((file) => file.name === 'events.sqlite'))
    throw new BackupError('the backup holds no event log');
  for (const file of manifest.files)
    if (!existsSync(join(from, file.name))) throw new BackupError(`${file.name} is missing from the backup`);
  return manifest;
}

/**
 * Copies one file of a backup into the data folder (in the kernel), hashes the copy as it now reads,
 * and writes it out to disk. Throws when it does not match the manifest's checksum.
 */
async function restoreFile(from: string, dataDir: string, file: BackupManifest['files'][number]) {
  const path = join(dataDir, file.name);
  copyFileSync(join(from, file.name), path, constants.COPYFILE_EXCL);
  if (file.name === SECRET_FILE) chmodSync(path, 0o600);
  if ((await sha256Of(path)) !== file.sha256)
    throw new BackupError(`${file.name} does not match its checksum: the backup is damaged`);
  const copy = await open(path, 'r+');
  try {
    await copy.sync();
  } finally {
    await copy.close();
  }
}

/**
 * Restores the backup `from` into `dataDir`, which must be new or empty (the product is not running on
 * it). Without the read models (`rebuild`), the product projects them from the restored log on start.
 * Each file's copy is checked against the manifest; when one does not match, nothing restored is left
 * in `dataDir`.
 */
export async function restore({
  from,
  dataDir,
  rebuild = false,
}: {
  from: string;
  dataDir: string;
  rebuild?: boolean;
}): Promise<BackupManifest> {
  const manifest = await readManifest(from);
  if (!emptyOrAbsent(dataDir))
    throw new BackupError(
      `${dataDir} is not empty: restore into a new data folder, then point DATA_DIR at it`,
    );
  mkdirSync(dataDir, { recursive: true });
  const restored = manifest.files.filter(
    (file) => !(rebuild && (file.name === READ_MODELS || isJoinedReadModelFile(file.name))),
  );
  try {
    for (const file of restored) await restoreFile(from, dataDir, file);
  } catch (error) {
    for (const file of restored) rmSync(join(dataDir, file.name), { force: true });
    throw error;
  }
  return manifest;
}
