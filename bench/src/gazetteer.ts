import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadGazetteer, searchPlaces, usStates } from '@dispatch/places';
import type { BenchServer } from './http-server.ts';
import { fmt, percentile, type Row } from './stats.ts';

interface LoadReport {
  places: number;
  loadMs: number;
  keptMb: number;
  rssGrowthMb: number;
  rssMb: number;
}

/** One load in a fresh process (see gazetteer-process.ts). */
function loadInChildProcess(): Promise<LoadReport> {
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), 'gazetteer-process.ts'), {
    execArgv: [...process.execArgv, '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let report: LoadReport | null = null;
    child.on('message', (message) => {
      report = message as LoadReport;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      report ? resolve(report) : reject(new Error(`the gazetteer process stopped (exit code ${code})`)),
    );
  });
}

const median = (values: number[]) => percentile(values, 50);

/** What a dispatcher types into a city field: the first 1 to 4 letters of a real place of the state. */
function typedPrefixes(count: number): { state: string; prefix: string }[] {
  const starts = usStates.map(({ code }) => ({ code, names: searchPlaces(code, '', 50).map((p) => p.name) }));
  const out: { state: string; prefix: string }[] = [];
  for (let i = 0; out.length < count; i++) {
    const { code, names } = starts[(i * 7) % starts.length] as (typeof starts)[number];
    const name = names[(i * 13) % names.length] ?? 'a';
    out.push({ state: code, prefix: name.slice(0, 1 + (i % 4)) });
  }
  // A few searches of every state's largest places (empty text) and of abbreviations.
  for (const { code } of usStates) out.push({ state: code, prefix: '' }, { state: code, prefix: 'st' });
  return out;
}

/**
 * The gazetteer (every US place): its load at start, in fresh processes (goal ≤ 300 ms and ≤ 60 MB),
 * and the city pickers' search, in process (goal p95 ≤ 2 ms) and through the API.
 */
export async function benchGazetteer(server?: BenchServer): Promise<Row[]> {
  const loads: LoadReport[] = [];
  for (let run = 0; run < 5; run++) loads.push(await loadInChildProcess());
  const rows: Row[] = [
    { benchmark: 'gazetteer', figure: 'places (50 states and DC)', value: fmt(loads[0]?.places ?? 0) },
    {
      benchmark: 'gazetteer',
      figure: 'load at start, median / worst of 5 processes (ms)',
      value: `${fmt(median(loads.map((l) => l.loadMs)), 0)} / ${fmt(Math.max(...loads.map((l) => l.loadMs)), 0)}`,
    },
    {
      benchmark: 'gazetteer',
      figure: 'memory kept by the index, heap + buffers (MB)',
      value: fmt(median(loads.map((l) => l.keptMb)), 1),
    },
    {
      benchmark: 'gazetteer',
      figure: 'resident set growth during the load (MB)',
      value: fmt(median(loads.map((l) => l.rssGrowthMb)), 1),
    },
  ];

  loadGazetteer();
  const searches = typedPrefixes(20_000);
  for (const { state, prefix } of searches.slice(0, 2000)) searchPlaces(state, prefix, 20);
  const times: number[] = [];
  for (const { state, prefix } of searches) {
    const start = performance.now();
    searchPlaces(state, prefix, 20);
    times.push(performance.now() - start);
  }
  rows.push({
    benchmark: 'gazetteer',
    figure: `city search in process, p50 / p95 / p99 of ${fmt(times.length)} (ms)`,
    value: `${fmt(percentile(times, 50), 3)} / ${fmt(percentile(times, 95), 3)} / ${fmt(percentile(times, 99), 3)}`,
  });

  if (server) {
    const latencies: number[] = [];
    for (const { state, prefix } of searches.slice(0, 1000)) {
      const start = performance.now();
      const response = await fetch(
        `${server.url}/api/v1/cities?state=${state}&search=${encodeURIComponent(prefix)}&limit=20`,
        { headers: { cookie: server.cookie } },
      );
      if (response.status !== 200) throw new Error(`GET /api/v1/cities answered ${response.status}`);
      await response.arrayBuffer();
      latencies.push(performance.now() - start);
    }
    rows.push({
      benchmark: 'gazetteer',
      figure: 'GET /api/v1/cities, one at a time, p50 / p95 of 1,000 (ms)',
      value: `${fmt(percentile(latencies, 50), 2)} / ${fmt(percentile(latencies, 95), 2)}`,
    });
  }
  return rows;
}
