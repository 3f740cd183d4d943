import { type ChildProcess, fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@dispatch/standalone/testing';
import { type EventStore, type ExpectedRevision, newEventId, openSqliteEventStore } from '@dispatch/storage';
import autocannon from 'autocannon';
import { metadata, tempDir, truckBody } from './fixtures.ts';
import { type BenchServer, startBenchServer } from './http-server.ts';
import { fmt, percentile, type Row } from './stats.ts';

/**
 * What users feel under production load: the product in its own process (as server-process.ts starts
 * it) loaded by autocannon with 50 connections, call by call, beside a bare Fastify route in a process
 * of its own as the ceiling; and appends of 50 concurrent writers straight to the embedded event store,
 * durable (synchronous=FULL). `npm run bench -- http-load [scenario,…]` (scenarios: bare, list, post,
 * patch, radius, appends; all by default); BENCH_QUICK=1 runs 10 s per figure instead of 20 s.
 */

const connections = 50;
const seconds = () => (process.env.BENCH_QUICK ? 10 : 20);
const here = dirname(fileURLToPath(import.meta.url));

export const httpLoadScenarios = ['bare', 'list', 'post', 'patch', 'radius', 'appends'] as const;
export type HttpLoadScenario = (typeof httpLoadScenarios)[number];

export interface Load {
  label: string;
  /** Responses with the expected status, per second. */
  rate: number;
  p50: number;
  p99: number;
  /** Other statuses, connection errors and timeouts. */
  errors: number;
}

export interface Target {
  url: string;
  method: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  /** A body per request (autocannon's setupRequest), so that edits change something each time. */
  body?: () => string;
  /** A path per request, when it varies. */
  path?: () => string;
  /** Seconds of load, when not the figure's default. */
  seconds?: number;
  expect: number;
}

export async function load(label: string, target: Target): Promise<Load> {
  const duration = target.seconds ?? seconds();
  const latencies: number[] = [];
  let unexpected = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method,
        connections,
        duration,
        headers: target.headers,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              ...(target.path ? { path: target.path() } : {}),
              ...(target.body ? { body: target.body() } : {}),
            }),
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
      if (status === target.expect) latencies.push(time);
      else unexpected++;
    });
  });
  return {
    label,
    rate: latencies.length / duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: unexpected + result.errors + result.timeouts,
  };
}

/** A child process serving one bare Fastify route: the most any route of the product could do here. */
async function startBareServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = fork(join(here, 'bare-server-process.ts'), {
    env: { ...process.env, PORT: String(port) },
    execPath: process.execPath,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.send('stop');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function postTrucks(server: BenchServer, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${server.url}/api/v1/trucks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.url },
      body: JSON.stringify(truckBody(i)),
    });
    if (response.status !== 201) throw new Error(`truck not posted: ${await response.text()}`);
    ids.push(((await response.json()) as { id: number }).id);
  }
  return ids;
}

/** 50 writers, each appending one event at a time to streams of its own, for the figure's duration. */
async function concurrentAppends(): Promise<{ rate: number; p50: number; p99: number; errors: number }> {
  const dir = tempDir('appends50');
  // The default durability: every acknowledged append is on disk.
  const store: EventStore = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
  const duration = seconds() * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, writer) => {
      let stream = 0;
      let expected: ExpectedRevision = 'no_stream';
      while (performance.now() - started < duration) {
        // Ten events per stream, with their expected revisions, as commands append them.
        const at = performance.now();
        try {
          const { nextRevision } = await store.append(
            `bench_${writer}-${stream}`,
            [{ id: newEventId(), type: 'BenchAppended', data: { writer }, metadata: metadata('bench') }],
            { expected },
          );
          latencies.push(performance.now() - at);
          expected = nextRevision;
        } catch {
          errors++;
        }
        if (expected === 9n) {
          stream++;
          expected = 'no_stream';
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    rate: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

export async function benchHttpLoad(only: readonly HttpLoadScenario[] = httpLoadScenarios): Promise<Row[]> {
  const runs = new Set(only);
  const loads: Load[] = [];
  const step = (name: string) =>
    console.error(`  http-load: ${name} (${connections} connections, ${seconds()} s)…`);

  let ceiling: Load | undefined;
  if (runs.has('bare')) {
    const bare = await startBareServer();
    try {
      step('bare Fastify route');
      ceiling = await load('GET bare Fastify route (ceiling)', {
        url: `${bare.url}/bare`,
        method: 'GET',
        expect: 200,
      });
      loads.push(ceiling);
    } finally {
      await bare.stop();
    }
  }

  if (['list', 'post', 'patch', 'radius'].some((scenario) => runs.has(scenario as HttpLoadScenario))) {
    const server = await startBenchServer();
    try {
      const json = { 'content-type': 'application/json', cookie: server.cookie, origin: server.url };
      // A board to read and edit: 200 trucks across the gazetteer's cities.
      const ids = await postTrucks(server, 200);
      if (runs.has('list')) {
        step('GET /api/v1/trucks?limit=10');
        loads.push(
          await load('GET /api/v1/trucks?limit=10', {
            url: `${server.url}/api/v1/trucks?limit=10`,
            method: 'GET',
            headers: { cookie: server.cookie },
            expect: 200,
          }),
        );
      }
      if (runs.has('post')) {
        step('POST /api/v1/trucks');
        let posted = 0;
        loads.push(
          await load('POST /api/v1/trucks', {
            url: `${server.url}/api/v1/trucks`,
            method: 'POST',
            headers: json,
            body: () => JSON.stringify(truckBody(posted++)),
            expect: 201,
          }),
        );
      }
      if (runs.has('patch')) {
        step('PATCH /api/v1/trucks/{id}');
        // Each request edits the next truck in turn (no version: the edit applies to the current state).
        let edits = 0;
        loads.push(
          await load('PATCH /api/v1/trucks/{id}', {
            url: `${server.url}/api/v1/trucks/${ids[0]}`,
            method: 'PATCH',
            headers: json,
            path: () => `/api/v1/trucks/${ids[edits % ids.length]}`,
            body: () => JSON.stringify({ notes: `edit ${edits++}` }),
            expect: 200,
          }),
        );
      }
      if (runs.has('radius')) {
        step('GET /api/v1/radius-search');
        loads.push(
          await load('GET /api/v1/radius-search (Chicago, 200 mi)', {
            url: `${server.url}/api/v1/radius-search?state=IL&city=Chicago&radius=200`,
            method: 'GET',
            headers: { cookie: server.cookie },
            expect: 200,
          }),
        );
      }
    } finally {
      await server.stop();
    }
  }

  const label = `HTTP load (${connections} connections, ${seconds()} s each)`;
  const rows: Row[] = loads.map((figure) => ({
    benchmark: label,
    figure: figure.label,
    value: [
      `${fmt(figure.rate)} req/s`,
      `p50 ${fmt(figure.p50, 1)} ms`,
      `p99 ${fmt(figure.p99, 1)} ms`,
      `${figure.errors} errors`,
      ceiling ? `${fmt((100 * figure.rate) / ceiling.rate, 1)}% of ceiling` : 'no ceiling run',
    ].join(', '),
  }));

  if (runs.has('appends')) {
    step('event store appends from 50 writers');
    const appends = await concurrentAppends();
    rows.push({
      benchmark: `event store appends (sqlite, synchronous=FULL, ${connections} writers, ${seconds()} s)`,
      figure: '1 event per append',
      value: `${fmt(appends.rate)} events/s, p50 ${fmt(appends.p50, 1)} ms, p99 ${fmt(appends.p99, 1)} ms, ${appends.errors} errors`,
    });
  }
  return rows;
}
