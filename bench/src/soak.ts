import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { usCities } from '@dispatch/domain';
import autocannon from 'autocannon';
import { io } from 'socket.io-client';
import { truckBody } from './fixtures.ts';
import { type BenchServer, startBenchServer } from './http-server.ts';
import { fmt, percentile, type Row } from './stats.ts';

/**
 * Production load held for a while: the product in its own process (server-process.ts) under a mix of
 * list reads with filters, radius searches, posts, edits and deletes of trucks and loads from
 * autocannon's connections, with a Socket.IO client of the organization listening. Each minute it
 * prints the throughput by kind, the errors, the p99, the server's RSS and heap (its /metrics, so
 * METRICS_TOKEN is set for the server) and the projector's lag; at the end, the memory growth after
 * the warm-up minute against the goal. `npm run bench -- soak`; BENCH_SOAK_MINUTES (default 10)
 * shortens it, BENCH_SOAK_CONNECTIONS (default 32) changes the concurrency.
 */

const kinds = [
  'list trucks',
  'list loads',
  'radius search',
  'post truck',
  'post load',
  'patch truck',
  'patch load',
  'delete',
] as const;
type Kind = (typeof kinds)[number];

/**
 * Shares of the mix, out of 100: reads first, as on a dispatch floor. Deletes take what the soak
 * posted, as often as it posts, so that the board keeps about its size: memory that grows then is
 * held by the server, not a board that got bigger (the event log grows all the same).
 */
const weights: Record<Kind, number> = {
  'list trucks': 26,
  'list loads': 16,
  'radius search': 12,
  'post truck': 8,
  'post load': 6,
  'patch truck': 12,
  'patch load': 6,
  delete: 14,
};
const expectedStatus: Record<Kind, number> = {
  'list trucks': 200,
  'list loads': 200,
  'radius search': 200,
  'post truck': 201,
  'post load': 201,
  'patch truck': 200,
  'patch load': 200,
  delete: 204,
};

/** The memory goal: after the warm-up minute, the server's memory grows by at most this much. */
const GROWTH_GOAL_PERCENT = 10;
/** How often the server's figures are read: often enough that a minute's lowest heap follows a collection. */
const SAMPLE_MS = 1_000;

const truckFilters = [
  'limit=10',
  'limit=50',
  'limit=10&status=true',
  'limit=10&trailerType=FLATBED',
  'limit=20&search=Bench',
  'limit=10&orderBy=availableDate&sort=asc',
  'limit=10&page=2',
  'limit=10&direction=SOUTH,WEST',
];
const loadFilters = [
  'limit=10',
  'limit=50',
  'limit=10&product=HEAVY',
  'limit=10&trailerType=HIGH_SIDED_HOPPER',
  'limit=20&search=Soak',
  'limit=10&orderBy=createdAt&sort=asc',
  'limit=10&page=1',
];
const radiusCenters = usCities.slice(0, 20);

const loadBody = (index: number) => {
  const origin = usCities[index % usCities.length]!;
  const destination = usCities[(index + 7) % usCities.length]!;
  return {
    trailerType: 'HIGH_SIDED_HOPPER',
    originState: origin.state,
    originCity: origin.city,
    destinationState: destination.state,
    destinationCity: destination.city,
    product: 'HEAVY',
    rateForTitan: 3.25,
    rateForTitanUnit: 'TONS',
    rateForCarrier: 2.9,
    rateForCarrierUnit: 'TONS',
    customerName: `Soak Grain ${index}`,
    customerCountryCode: '+1',
    customerMobileNumber: '+15155550123',
    customerEmail: 'orders@soak.example',
    dispatcherName: 'Bench Dispatcher',
    dispatcherCountryCode: '+1',
    dispatcherMobileNumber: '3125550100',
    dispatcherEmail: 'bench@example.com',
    availabilityDate: '2026-11-21',
    notes: '',
  };
};

/** What one minute saw: by kind, responses with the expected status and their latencies. */
interface Minute {
  ok: Record<Kind, number>;
  latencies: Record<Kind, number[]>;
  unexpected: number;
  requestErrors: number;
  pushes: number;
  rss: number[];
  /** Of the RSS (the server's /proc status): anonymous memory (heaps, SQLite's page caches) and mapped files. */
  rssAnon: number[];
  rssFile: number[];
  /** The server's threads (workers commit the appends and the read models' writes, each with a heap of its own). */
  threads: number[];
  /** Size of the server's databases (events, read models, their WALs), in bytes. */
  dataFiles: number[];
  heapUsed: number[];
  heapTotal: number[];
  external: number[];
  lagEvents: number[];
  lagSeconds: number[];
}

const newMinute = (): Minute => ({
  ok: Object.fromEntries(kinds.map((kind) => [kind, 0])) as Record<Kind, number>,
  latencies: Object.fromEntries(kinds.map((kind) => [kind, []])) as unknown as Record<Kind, number[]>,
  unexpected: 0,
  requestErrors: 0,
  pushes: 0,
  rss: [],
  rssAnon: [],
  rssFile: [],
  threads: [],
  dataFiles: [],
  heapUsed: [],
  heapTotal: [],
  external: [],
  lagEvents: [],
  lagSeconds: [],
});

/** The server's own figures from its Prometheus endpoint. */
async function scrape(server: BenchServer, token: string): Promise<Map<string, number>> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  const values = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{[^}]*\})?\s+(\S+)$/.exec(line);
    if (match && !values.has(match[1]!)) values.set(match[1]!, Number(match[2]));
  }
  return values;
}

async function post(server: BenchServer, path: string, body: unknown): Promise<number> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.url },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path} refused: ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** The server's process: the child of this one that runs server-process.ts. */
function serverPid(): number | undefined {
  const children = readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean),
  );
  return children
    .map(Number)
    .find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server-process.ts'));
}

/** VmRSS's parts and the thread count from /proc/<pid>/status (RSS parts in bytes). */
function processStatus(pid: number | undefined): { anon: number; file: number; threads: number } {
  if (pid === undefined) return { anon: Number.NaN, file: Number.NaN, threads: Number.NaN };
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  return {
    anon: field('RssAnon') * 1024,
    file: (field('RssFile') + field('RssShmem')) * 1024,
    threads: field('Threads'),
  };
}

/** The server's data folder, from its environment. */
function dataDirOf(pid: number | undefined): string | undefined {
  if (pid === undefined) return undefined;
  const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  return environment.find((entry) => entry.startsWith('DATA_DIR='))?.slice('DATA_DIR='.length);
}

/** Bytes of the SQLite files (and their WALs) in the data folder. */
function dataBytes(dir: string | undefined): number {
  if (dir === undefined) return Number.NaN;
  return readdirSync(dir)
    .filter((name) => /\.sqlite(-wal|-shm)?$/.test(name))
    .reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const median = (values: number[]) => percentile(values, 50);
const signed = (percent: number) => `${percent >= 0 ? '+' : ''}${fmt(percent, 1)}`;
const growth = (from: number, to: number) => (100 * (to - from)) / from;

export async function benchSoak(
  minutes = Math.max(1, Math.round(Number(process.env.BENCH_SOAK_MINUTES ?? 10))),
  connections = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 32),
): Promise<Row[]> {
  // The server reads its environment when it starts: /metrics is served only with a token.
  const token = randomBytes(24).toString('hex');
  const previousToken = process.env.METRICS_TOKEN;
  process.env.METRICS_TOKEN = token;
  const server = await startBenchServer();
  if (previousToken === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = previousToken;

  const socket = io(server.url, {
    transports: ['websocket'],
    extraHeaders: { cookie: server.cookie },
    reconnection: false,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('ready', () => resolve());
      socket.once('connect_error', reject);
    });

    // The board edits target: 200 trucks and 200 loads that are never deleted (so an edit never races a delete).
    console.error('  soak: posting 200 trucks and 200 loads…');
    const truckIds: number[] = [];
    const loadIds: number[] = [];
    for (let i = 0; i < 200; i++) {
      truckIds.push(await post(server, '/api/v1/trucks', truckBody(i)));
      loadIds.push(await post(server, '/api/v1/loads', loadBody(i)));
    }
    // What the soak posts, the deletes take from (each id handed to one delete only).
    const postedTrucks: number[] = [];
    const postedLoads: number[] = [];

    const pid = serverPid();
    const dataDir = dataDirOf(pid);
    let minute = newMinute();
    const done: Minute[] = [];
    const unexpectedSamples = new Map<string, number>();
    socket.on('change', () => {
      minute.pushes++;
    });

    const cumulative = kinds.flatMap((kind) => Array.from({ length: weights[kind] }, () => kind));
    let counter = 0;
    const read = { cookie: server.cookie };
    const write = { 'content-type': 'application/json', cookie: server.cookie, origin: server.url };
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

    interface Context {
      kind?: Kind;
      sentAt?: number;
    }
    const setup = (request: autocannon.Request, context: Context): autocannon.Request => {
      let kind = pick(cumulative);
      const n = counter++;
      let next: Pick<autocannon.Request, 'method' | 'path' | 'headers' | 'body'>;
      if (kind === 'delete' && postedTrucks.length === 0 && postedLoads.length === 0) kind = 'list trucks';
      switch (kind) {
        case 'list trucks':
          next = { method: 'GET', path: `/api/v1/trucks?${pick(truckFilters)}`, headers: read };
          break;
        case 'list loads':
          next = { method: 'GET', path: `/api/v1/loads?${pick(loadFilters)}`, headers: read };
          break;
        case 'radius search': {
          const center = pick(radiusCenters);
          const searchType = n % 3 === 0 ? 'loads' : 'trucks';
          const query = new URLSearchParams({
            state: center.state,
            city: center.city,
            radius: String(100 + (n % 3) * 100),
            searchType,
          });
          next = { method: 'GET', path: `/api/v1/radius-search?${query}`, headers: read };
          break;
        }
        case 'post truck':
          next = {
            method: 'POST',
            path: '/api/v1/trucks',
            headers: write,
            body: JSON.stringify(truckBody(n)),
          };
          break;
        case 'post load':
          next = { method: 'POST', path: '/api/v1/loads', headers: write, body: JSON.stringify(loadBody(n)) };
          break;
        case 'patch truck':
          next = {
            method: 'PATCH',
            path: `/api/v1/trucks/${pick(truckIds)}`,
            headers: write,
            body: JSON.stringify({ notes: `soak edit ${n}`, status: n % 2 === 0 }),
          };
          break;
        case 'patch load':
          next = {
            method: 'PATCH',
            path: `/api/v1/loads/${pick(loadIds)}`,
            headers: write,
            body: JSON.stringify({ notes: `soak edit ${n}` }),
          };
          break;
        case 'delete': {
          // The oldest posted first; no body, so no content type (an empty JSON body would be refused).
          const truck = postedLoads.length === 0 || (postedTrucks.length > 0 && n % 2 === 0);
          const id = truck ? postedTrucks.shift() : postedLoads.shift();
          next = {
            method: 'DELETE',
            path: `/api/v1/${truck ? 'trucks' : 'loads'}/${id}`,
            headers: { cookie: server.cookie, origin: server.url },
          };
          break;
        }
      }
      context.kind = kind;
      context.sentAt = performance.now();
      return { ...request, ...next, body: next.body ?? Buffer.alloc(0) };
    };
    const onResponse = (status: number, body: string, context: Context) => {
      const kind = context.kind as Kind;
      if (status === expectedStatus[kind]) {
        minute.ok[kind]++;
        minute.latencies[kind].push(performance.now() - (context.sentAt as number));
        if (kind === 'post truck') postedTrucks.push((JSON.parse(body) as { id: number }).id);
        if (kind === 'post load') postedLoads.push((JSON.parse(body) as { id: number }).id);
      } else {
        minute.unexpected++;
        const sample = `${kind} ${status} ${body.replace(/"requestId":"[^"]*"/, '').slice(0, 160)}`;
        unexpectedSamples.set(sample, (unexpectedSamples.get(sample) ?? 0) + 1);
      }
    };

    const sample = async () => {
      try {
        const values = await scrape(server, token);
        minute.rss.push(values.get('process_resident_memory_bytes') ?? Number.NaN);
        const status = processStatus(pid);
        minute.rssAnon.push(status.anon);
        minute.rssFile.push(status.file);
        minute.threads.push(status.threads);
        minute.dataFiles.push(dataBytes(dataDir));
        minute.heapUsed.push(values.get('nodejs_heap_size_used_bytes') ?? Number.NaN);
        minute.heapTotal.push(values.get('nodejs_heap_size_total_bytes') ?? Number.NaN);
        minute.external.push(values.get('nodejs_external_memory_bytes') ?? Number.NaN);
        minute.lagEvents.push(values.get('dispatch_projector_lag_events') ?? 0);
        minute.lagSeconds.push(values.get('dispatch_projector_lag_seconds') ?? 0);
      } catch (error) {
        console.error(`  soak: metrics not read: ${(error as Error).message}`);
      }
    };

    const print = (index: number, m: Minute) => {
      const total = kinds.reduce((sum, kind) => sum + m.ok[kind], 0);
      const all = kinds.flatMap((kind) => m.latencies[kind]);
      const byKind = kinds.map((kind) => `${kind} ${fmt(m.ok[kind] / 60)}`).join(', ');
      console.log(
        `  minute ${index}: ${fmt(total / 60)} req/s (${byKind}); errors ${m.unexpected + m.requestErrors}; ` +
          `p99 ${fmt(percentile(all, 99), 1)} ms; RSS ${fmt(mb(median(m.rss)), 1)} MB ` +
          `(anon ${fmt(mb(median(m.rssAnon)), 1)}, files ${fmt(mb(median(m.rssFile)), 1)}); ` +
          `heap used ${fmt(mb(Math.min(...m.heapUsed)), 1)}–${fmt(mb(Math.max(...m.heapUsed)), 1)} MB ` +
          `of ${fmt(mb(median(m.heapTotal)), 1)}; ` +
          `external ${fmt(mb(median(m.external)), 1)} MB; ${fmt(Math.max(...m.threads))} threads; ` +
          `data files ${fmt(mb(m.dataFiles[m.dataFiles.length - 1] ?? Number.NaN), 1)} MB; projector lag max ${fmt(Math.max(0, ...m.lagEvents))} events ` +
          `/ ${fmt(Math.max(0, ...m.lagSeconds), 2)} s; pushes heard ${fmt(m.pushes)}`,
      );
    };

    console.error(`  soak: ${minutes} min, ${connections} connections…`);
    await sample();
    const started = performance.now();
    const sampler = setInterval(() => void sample(), SAMPLE_MS);
    const ticker = setInterval(async () => {
      await sample();
      done.push(minute);
      minute = newMinute();
      print(done.length, done[done.length - 1] as Minute);
    }, 60_000);

    let requestErrors = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: server.url,
          connections,
          // A little past the last minute's tick, so that it is whole.
          duration: minutes * 60 + 1,
          requests: [
            {
              setupRequest: setup as (request: autocannon.Request, context: object) => autocannon.Request,
              onResponse: onResponse as (status: number, body: string, context: object) => void,
            },
          ],
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      instance.on('reqError', () => {
        minute.requestErrors++;
        requestErrors++;
      });
    });
    clearInterval(sampler);
    clearInterval(ticker);
    const elapsed = (performance.now() - started) / 1000;

    // The projector after the load: how long until it has applied everything.
    const drainStart = performance.now();
    let drained = Number.NaN;
    while (performance.now() - drainStart < 60_000) {
      const values = await scrape(server, token);
      if ((values.get('dispatch_projector_lag_events') ?? 0) === 0) {
        drained = (performance.now() - drainStart) / 1000;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    for (const [text, count] of unexpectedSamples) console.error(`  soak: unexpected ×${count}: ${text}`);

    // Growth after warm-up: the first minute fills caches, pools and the JIT; minute 2 is the baseline
    // (minute 1 in a run of less than 3 minutes). The second half (from the middle minute) tells a
    // leak, which keeps growing, from a warm-up that lasts longer than a minute and then stays.
    const label = `soak (${minutes} min, ${connections} connections, mixed)`;
    const last = done[done.length - 1] as Minute;
    const verdict = (percent: number) =>
      `${percent <= GROWTH_GOAL_PERCENT ? 'meets' : 'MISSES'} goal ≤ ${GROWTH_GOAL_PERCENT}%`;
    const memoryRows = (from: number): Row[] => {
      const baseline = done[from - 1] as Minute;
      const window = `minute ${from} → ${done.length}`;
      const rssGrowth = growth(median(baseline.rss), median(last.rss));
      const anonGrowth = growth(median(baseline.rssAnon), median(last.rssAnon));
      // Heap used at its lowest in a minute: what stays after a collection, not what waits for one.
      const heapGrowth = growth(Math.min(...baseline.heapUsed), Math.min(...last.heapUsed));
      return [
        {
          benchmark: label,
          figure: `RSS growth, ${window}`,
          value: `${fmt(mb(median(baseline.rss)), 1)} → ${fmt(mb(median(last.rss)), 1)} MB: ${signed(rssGrowth)}% (${verdict(rssGrowth)})`,
        },
        {
          benchmark: label,
          figure: `of it anonymous (heaps, SQLite page caches), ${window}`,
          value: `${fmt(mb(median(baseline.rssAnon)), 1)} → ${fmt(mb(median(last.rssAnon)), 1)} MB: ${signed(anonGrowth)}%`,
        },
        {
          benchmark: label,
          figure: `heap used growth (minute's lowest), ${window}`,
          value: `${fmt(mb(Math.min(...baseline.heapUsed)), 1)} → ${fmt(mb(Math.min(...last.heapUsed)), 1)} MB: ${signed(heapGrowth)}% (${verdict(heapGrowth)})`,
        },
      ];
    };
    const middle = Math.ceil(done.length / 2);

    const total = (kind: Kind) => done.reduce((sum, m) => sum + m.ok[kind], 0);
    const latencies = (kind: Kind) => done.flatMap((m) => m.latencies[kind]);
    const all = kinds.flatMap(latencies);
    const window = done.length * 60;
    const errors = done.reduce((sum, m) => sum + m.unexpected, 0) + requestErrors + result.timeouts;
    const rows: Row[] = [
      {
        benchmark: label,
        figure: 'throughput, all kinds',
        value: `${fmt(all.length / window)} req/s, p50 ${fmt(percentile(all, 50), 1)} ms, p99 ${fmt(percentile(all, 99), 1)} ms`,
      },
      ...kinds.map((kind) => ({
        benchmark: label,
        figure: kind,
        value: `${fmt(total(kind) / window)} req/s, p50 ${fmt(percentile(latencies(kind), 50), 1)} ms, p99 ${fmt(percentile(latencies(kind), 99), 1)} ms`,
      })),
      {
        benchmark: label,
        figure: 'errors (non-2xx, connection errors, timeouts)',
        value: `${fmt(errors)} (goal 0)`,
      },
      ...memoryRows(done.length >= 3 ? 2 : 1),
      ...(middle > 2 ? memoryRows(middle) : []),
      {
        benchmark: label,
        figure: 'projector lag, max of 1 s samples',
        value: `${fmt(Math.max(0, ...done.flatMap((m) => m.lagEvents)))} events / ${fmt(Math.max(0, ...done.flatMap((m) => m.lagSeconds)), 2)} s; caught up ${Number.isNaN(drained) ? 'NOT within 60 s' : `${fmt(drained, 1)} s`} after the load`,
      },
      {
        benchmark: label,
        figure: 'pushes heard by one Socket.IO client',
        value: `${fmt(done.reduce((sum, m) => sum + m.pushes, 0) / window)} /s`,
      },
    ];
    console.error(`  soak: ${fmt(elapsed)} s of load, ${fmt(result.requests.total)} requests sent`);
    return rows;
  } finally {
    socket.close();
    await server.stop();
  }
}
