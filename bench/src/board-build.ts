import { fork } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type DocumentStore,
  type EventStore,
  openSqliteDocumentStore,
  openSqliteEventStore,
} from '@dispatch/storage';
import { type GeneratedBoard, generateBoard } from './board-data.ts';
import { tempDir } from './fixtures.ts';

export interface BuiltBoards {
  dir: string;
  events: EventStore;
  documents: DocumentStore;
  small: GeneratedBoard;
  large: GeneratedBoard;
  generateSeconds: number;
  /** The projector building every read model from the whole log, from position 0. */
  build: {
    events: number;
    seconds: number;
    firstMillion: { events: number; seconds: number } | null;
    /** When every event was applied, before the indexes were built. */
    atHeadSeconds: number | null;
    /** The longest the rebuilding process's main thread was held at a time. */
    longestStallMs: number;
    /** Posts one at a time right after the rebuild, from append until the read models show each (ms). */
    livePosts: LivePosts;
    /** An admin's rebuild beside the live board afterwards, with posts one at a time meanwhile. */
    besideLive: { seconds: number; longestStallMs: number; posts: LivePosts };
  };
  close(): Promise<void>;
}

export interface BoardSizes {
  small: { trucks: number; loads: number };
  large: { trucks: number; loads: number };
}

export interface LivePosts {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

interface RebuildReport {
  events: number;
  seconds: number;
  firstMillion: number | null;
  atHead: number | null;
  longestStallMs: number;
  livePosts: LivePosts;
  besideLive: { seconds: number; longestStallMs: number; posts: LivePosts };
}

/** Runs a script of this folder in a process of its own and waits for the report it sends. */
export function reportOfChildProcess<T>(script: string, args: string[], execArgv: string[] = []): Promise<T> {
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), script), args, {
    // BENCH_CPU_PROF=<folder> writes the process's CPU profile there when it stops.
    execArgv: [
      ...process.execArgv,
      ...execArgv,
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let report: T | null = null;
    child.on('message', (message) => {
      report = message as T;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      report ? resolve(report) : reject(new Error(`${script} stopped (exit code ${code})`)),
    );
  });
}

/**
 * Two organizations written through the event store (nothing is written to the read models
 * directly), then every read model built from the log by the projector, as a rebuild does, in a
 * process of its own.
 * Returns the open stores so the query benchmarks read what the projector built.
 */
export async function buildBoards(
  dir: string,
  sizes: BoardSizes,
  log: (line: string) => void,
): Promise<BuiltBoards> {
  const eventsPath = join(dir, 'events.sqlite');
  let events = openSqliteEventStore({ path: eventsPath, synchronous: 'normal' });
  const start = performance.now();
  const small = await generateBoard(events, { ...sizes.small, firstId: 1 });
  log(`  generated ${small.trucks.toLocaleString()} trucks and ${small.loads.toLocaleString()} loads`);
  const large = await generateBoard(events, { ...sizes.large, firstId: 10_000_000 });
  log(`  generated ${large.trucks.toLocaleString()} trucks and ${large.loads.toLocaleString()} loads`);
  // The log a rebuild reads has long been on disk: the generated one is put there before the rebuild
  // starts (closing checkpoints the WAL into the file, fsync writes the file out), so the rebuild is not
  // timed against the kernel writing back the gigabyte just generated.
  await events.close();
  writeOut(eventsPath);
  events = openSqliteEventStore({ path: eventsPath, synchronous: 'normal' });
  const generateSeconds = (performance.now() - start) / 1000;

  const built = await reportOfChildProcess<RebuildReport>('rebuild-process.ts', [dir]);
  const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
  const firstMillion =
    built.firstMillion === null ? null : { events: 1_000_000, seconds: built.firstMillion };
  const seconds = built.seconds;
  const head = BigInt(built.events);
  return {
    dir,
    events,
    documents,
    small,
    large,
    generateSeconds,
    build: {
      events: Number(head),
      seconds,
      firstMillion,
      atHeadSeconds: built.atHead,
      longestStallMs: built.longestStallMs,
      livePosts: built.livePosts,
      besideLive: built.besideLive,
    },
    async close() {
      await documents.close();
      await events.close();
    },
  };
}

/** Writes a file's pages the kernel still holds out to the disk. */
function writeOut(path: string): void {
  const file = openSync(path, 'r+');
  try {
    fsyncSync(file);
  } finally {
    closeSync(file);
  }
}

/**
 * The folder of a board of `trucks` trucks (and a small one beside it) built from its log:
 * `BENCH_BOARD_DIR` keeps one between runs (a kept folder without a board gets one), else a new
 * folder, which `done` removes.
 */
export async function keptBoard(label: string, trucks: number): Promise<{ dir: string; done: () => void }> {
  const kept = process.env.BENCH_BOARD_DIR;
  const dir = kept ?? tempDir(label);
  if (!kept || !existsSync(join(dir, 'events.sqlite'))) {
    mkdirSync(dir, { recursive: true });
    const boards = await buildBoards(
      dir,
      { small: { trucks: trucks / 10, loads: trucks / 10 }, large: { trucks, loads: trucks / 5 } },
      (line) => console.error(line),
    );
    await boards.close();
  }
  // As after a stop, the board is on disk: a timed start is not timed against the kernel writing back
  // the files just built or copied (the first commit's sync of the read models' file waited about
  // 0.7 s for it on the 100k board).
  for (const name of readdirSync(dir)) writeOut(join(dir, name));
  return { dir, done: () => (kept ? undefined : rmSync(dir, { recursive: true, force: true })) };
}
