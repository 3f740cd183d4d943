import { spawn } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { openSqliteEventStore } from '@dispatch/storage';
import { reportOfChildProcess } from './board-build.ts';
import { generateBoard } from './board-data.ts';
import { tempDir, truckBody } from './fixtures.ts';
import { type ProductProcess, signUpDispatcher, startProductProcess } from './http-server.ts';
import { timings } from './live-posts.ts';
import { fmt, type Row } from './stats.ts';

/** What a data folder built for this bench holds beside the product's files. */
const KEPT = 'backup-bench.json';

interface KeptStore {
  /** The session of the dispatcher whose organization holds the board. */
  cookie: string;
  orgId: string;
  events: number;
}

/** How long the board is read and posted to before the backup, to compare with the load during it. */
const IDLE_SECONDS = Number(process.env.BENCH_BACKUP_IDLE_SECONDS ?? 20);
/** A dispatcher's board reloading 50 times a second, and 10 trucks posted a second. */
const READ_EVERY_MS = 20;
const POST_EVERY_MS = 100;

/** The product's own settings on a generated board: its postings, spread over months, are not swept. */
const productEnv = { BENCH_POSTING_EXPIRY: 'off' };

/**
 * A data folder of the product holding about `events` events: an organization and its dispatcher made
 * through the product (so the identity database holds them and a session), then trucks and loads of that
 * organization written through the event store, then every read model built from the log by the projector.
 */
async function buildStore(dir: string, events: number): Promise<KeptStore> {
  const product = await startProductProcess(dir, productEnv);
  let cookie: string;
  let session: { session: { userId: string; activeOrganizationId: string } };
  try {
    cookie = await signUpDispatcher(product.url, dir);
    const response = await fetch(`${product.url}/api/auth/get-session`, { headers: { cookie } });
    session = (await response.json()) as typeof session;
  } finally {
    await product.stop();
  }
  const orgId = session.session.activeOrganizationId;
  // The read models are built from position 0 once the log is whole, as a rebuild does.
  for (const suffix of ['', '-wal', '-shm'])
    rmSync(join(dir, `read-models.sqlite${suffix}`), { force: true });
  const eventsPath = join(dir, 'events.sqlite');
  const store = openSqliteEventStore({ path: eventsPath, synchronous: 'normal' });
  // About 1.37 events a truck: a load for five trucks, an edit for one posting in ten, a removal in fifty.
  const trucks = Math.round(events / 1.3714);
  const start = performance.now();
  const board = await generateBoard(store, {
    trucks,
    loads: Math.round(trucks / 5),
    firstId: 10_000_000,
    existing: { orgId, userId: session.session.userId },
  });
  await store.close();
  const file = openSync(eventsPath, 'r+');
  fsyncSync(file);
  closeSync(file);
  console.error(
    `  generated ${fmt(board.events)} events (${fmt(board.trucks)} trucks, ${fmt(board.loads)} loads) in ${fmt((performance.now() - start) / 1000, 1)} s`,
  );
  const built = await reportOfChildProcess<{ events: number; seconds: number }>('project-board-process.ts', [
    dir,
  ]);
  console.error(`  built the read models of ${fmt(built.events)} events in ${fmt(built.seconds, 1)} s`);
  const kept: KeptStore = { cookie, orgId, events: built.events };
  writeFileSync(join(dir, KEPT), JSON.stringify(kept));
  return kept;
}

interface Load {
  reads: number[];
  posts: number[];
  failures: string[];
}

/**
 * A dispatcher's board read every READ_EVERY_MS and a truck posted every POST_EVERY_MS, each timed from
 * its request to its answer, until `until` settles.
 */
async function loadUntil(product: ProductProcess, cookie: string, until: Promise<unknown>): Promise<Load> {
  const load: Load = { reads: [], posts: [], failures: [] };
  let done = false;
  const settled = until.finally(() => {
    done = true;
  });
  const paced = async (everyMs: number, request: () => Promise<Response>, into: number[]) => {
    let next = performance.now();
    while (!done) {
      const begin = performance.now();
      const response = await request();
      await response.arrayBuffer();
      if (response.ok) into.push(performance.now() - begin);
      else load.failures.push(`${response.status} ${response.url}`);
      next = Math.max(next + everyMs, performance.now());
      await sleep(Math.max(0, next - performance.now()));
    }
  };
  let truck = 0;
  await Promise.all([
    settled,
    paced(READ_EVERY_MS, () => fetch(`${product.url}/api/v1/trucks`, { headers: { cookie } }), load.reads),
    paced(
      POST_EVERY_MS,
      () =>
        fetch(`${product.url}/api/v1/trucks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, origin: product.url },
          body: JSON.stringify(truckBody(truck++)),
        }),
      load.posts,
    ),
  ]);
  return load;
}

/**
 * The folder of the two commands: this checkout's, or BENCH_BACKUP_COMMANDS (another checkout's
 * standalone/src/backup, to compare with).
 */
const script = (name: string) =>
  join(
    process.env.BENCH_BACKUP_COMMANDS ??
      fileURLToPath(new URL('../../standalone/src/backup/', import.meta.url)),
    name,
  );

/** The CPU seconds a process has used so far, all its threads (Linux: /proc/<pid>/stat), or null once gone. */
function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, the 14th and 15th fields, in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Runs `npm run backup` or `npm run restore` as an operator does: its seconds from start to exit, and
 * the CPU seconds it used (sampled every 100 ms until it exits).
 */
async function operatorCommand(
  name: string,
  dataDir: string,
  args: string[],
  /** Runs it under `nice -n <nice>`, as an operator may beside the product. */
  nice?: string,
): Promise<{ seconds: number; cpuSeconds: number }> {
  const begin = performance.now();
  const command = [process.execPath, script(name), ...args];
  const [file, ...rest] = nice ? ['nice', '-n', nice, ...command] : command;
  const child = spawn(file as string, rest, {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let cpuSeconds = 0;
  const sampling = setInterval(() => {
    cpuSeconds = (child.pid && cpuSecondsOf(child.pid)) || cpuSeconds;
  }, 100);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  }).finally(() => clearInterval(sampling));
  if (code !== 0) throw new Error(`${name} exited with ${code}`);
  return { seconds: (performance.now() - begin) / 1000, cpuSeconds };
}

const load = () => fmt(loadavg()[0] as number, 1);

/**
 * `npm run bench -- backup`: the product serving a data folder of about `events` events (built, or kept
 * in BENCH_BOARD_DIR), a dispatcher reading the trucks list 50 times a second and posting 10 trucks a
 * second; first without a backup, then while `npm run backup` copies the folder; then `npm run restore`
 * of that copy into a new data folder. Prints the backup's time and size, the list GET and the posts
 * during it against before, the product's longest main-thread hold, and the restore's time.
 */
export async function benchBackup(options: { events: number }): Promise<Row[]> {
  const named = process.env.BENCH_BOARD_DIR;
  const dir = named ?? tempDir('backup-store');
  const kept = existsSync(join(dir, KEPT))
    ? (JSON.parse(readFileSync(join(dir, KEPT), 'utf8')) as KeptStore)
    : await buildStore(dir, options.events);
  const copies = tempDir('backup-copies');
  const product = await startProductProcess(dir, productEnv);
  try {
    // Warm: the list's pages and the posting path.
    await loadUntil(product, kept.cookie, sleep(3000));

    console.error(`  ${IDLE_SECONDS} s of reads and posts without a backup…`);
    product.startHoldWatch();
    const loadBefore = load();
    const idle = await loadUntil(product, kept.cookie, sleep(IDLE_SECONDS * 1000));
    const idleHold = await product.longestHoldMs();

    console.error('  the same while npm run backup copies the data folder…');
    const to = join(copies, 'backup');
    product.startHoldWatch();
    const loadAtBackup = load();
    // Under `nice -n 19`, as `npm run backup` runs it (BENCH_BACKUP_NICE=<n> another niceness, 0 none).
    const nice = process.env.BENCH_BACKUP_NICE ?? '19';
    const backup = operatorCommand('backup-main.ts', dir, [to], nice === '0' ? undefined : nice);
    const during = await loadUntil(product, kept.cookie, backup);
    const backedUp = await backup;
    const duringHold = await product.longestHoldMs();
    const manifest = JSON.parse(readFileSync(join(to, 'manifest.json'), 'utf8')) as {
      files: { name: string; bytes: number }[];
    };
    const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
    await product.stop();

    console.error('  npm run restore into a new data folder…');
    const restored = await operatorCommand('restore-main.ts', join(copies, 'restored'), [to]);

    const failures = [...idle.failures, ...during.failures];
    if (failures.length > 0) throw new Error(`requests failed: ${failures.slice(0, 5).join(', ')}`);
    const reads = [timings(idle.reads), timings(during.reads)] as const;
    const posts = [timings(idle.posts), timings(during.posts)] as const;
    const phase = (samples: ReturnType<typeof timings>) =>
      `${fmt(samples.p50, 1)} / ${fmt(samples.p99, 1)} / ${fmt(samples.max)}`;
    const label = `${fmt(kept.events)} events`;
    return [
      {
        benchmark: `npm run backup of a store of ${label} while it serves, start to exit (load ${loadAtBackup})`,
        figure: 'seconds (goal ≤ 30) / CPU seconds',
        value: `${fmt(backedUp.seconds, 1)} / ${fmt(backedUp.cpuSeconds, 1)}`,
      },
      {
        benchmark: `its size: ${manifest.files.map((file) => `${file.name} ${fmt(file.bytes / 1e6)}`).join(', ')} MB`,
        figure: 'MB',
        value: fmt(bytes / 1e6),
      },
      {
        benchmark: `trucks list GET, 50 a second: before (${reads[0].count}, load ${loadBefore}) → during the backup (${reads[1].count})`,
        figure: 'p50 / p99 / longest ms',
        value: `${phase(reads[0])} → ${phase(reads[1])}`,
      },
      {
        benchmark: 'trucks list GET p99 during the backup against before',
        figure: 'ratio (goal ≤ 2)',
        value: fmt(reads[1].p99 / reads[0].p99, 2),
      },
      {
        benchmark: `truck posts, 10 a second: before (${posts[0].count}) → during the backup (${posts[1].count})`,
        figure: 'p50 / p99 / longest ms',
        value: `${phase(posts[0])} → ${phase(posts[1])}`,
      },
      {
        benchmark: "longest hold of the product's main thread: before → during the backup",
        figure: 'ms',
        value: `${fmt(idleHold)} → ${fmt(duringHold)}`,
      },
      {
        benchmark: `npm run restore of that backup into a new data folder, start to exit (load ${load()})`,
        figure: 'seconds / CPU seconds',
        value: `${fmt(restored.seconds, 1)} / ${fmt(restored.cpuSeconds, 1)}`,
      },
    ];
  } finally {
    await product.stop().catch(() => {});
    rmSync(copies, { recursive: true, force: true });
    if (!named) rmSync(dir, { recursive: true, force: true });
  }
}
