import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnvironment } from '@dispatch/config';
import { freeLoopbackPort, type RunningServices, startServices } from '@dispatch/standalone/services';
import { openSqliteEventStore } from '@dispatch/storage';
import { tempDir, truckBody } from './fixtures.ts';
import { load } from './http-load.ts';
import { signUpDispatcher, startBenchServer } from './http-server.ts';
import { pushLatencies } from './push-latency.ts';
import { fmt, percentile, type Row } from './stats.ts';

/**
 * The services apart (`npm run start:services`: the command API, the projector and two query API
 * replicas as processes, behind the gateway) against the one process, on the same machine:
 * post-to-push latency through the second replica, list GET throughput at 50 connections across two
 * replicas against one, and how long a killed projector takes to catch up 10,000 events.
 * `npm run bench -- services`; BENCH_QUICK=1 loads each list for 10 s instead of 20.
 */
const PUSH_SAMPLES = 200;
const CATCH_UP_EVENTS = Number(process.env.BENCH_CATCH_UP_EVENTS ?? 10_000);
const WRITERS = 20;

const pushRow = (label: string, latencies: number[]): Row => ({
  benchmark: `post-to-push, ${label} (${latencies.length} posts one at a time)`,
  figure: 'p50 / p99 ms',
  value: `${fmt(percentile(latencies, 50), 1)} / ${fmt(percentile(latencies, 99), 1)}`,
});

/** The list read for a few seconds first, so that each process has compiled its paths and filled its caches. */
async function listLoad(label: string, url: string, cookie: string): Promise<Row> {
  const target = {
    url: `${url}/api/v1/trucks?limit=20`,
    method: 'GET' as const,
    headers: { cookie },
    expect: 200,
  };
  await load(`${label}, warming up`, { ...target, seconds: 5 });
  const figures = await load(label, target);
  return {
    benchmark: `trucks list GET at 50 connections, ${label}`,
    figure: 'requests/s · p50 / p99 ms · errors',
    value: `${fmt(figures.rate)} · ${fmt(figures.p50, 1)} / ${fmt(figures.p99, 1)} · ${figures.errors}`,
  };
}

/** `count` trucks posted through `url` by WRITERS clients, one post at a time each. */
async function postTrucks(url: string, cookie: string, count: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < count) {
        const index = next++;
        const answer = await fetch(`${url}/api/v1/trucks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, origin: url },
          body: JSON.stringify(truckBody(index)),
        });
        if (answer.status !== 201)
          throw new Error(`truck not posted: ${answer.status} ${await answer.text()}`);
      }
    }),
  );
}

async function projectorPosition(services: RunningServices): Promise<bigint> {
  try {
    const answer = await fetch(`${services.projector.url}/live`, { signal: AbortSignal.timeout(1_000) });
    return BigInt(((await answer.json()) as { position: string }).position);
  } catch {
    return -1n;
  }
}

const progress = (line: string) => console.error(`  services: ${line}`);

export async function benchServices(): Promise<Row[]> {
  const rows: Row[] = [];
  progress('the one process');
  const single = await startBenchServer();
  try {
    const latencies = await pushLatencies({
      socketUrl: single.url,
      postUrl: single.url,
      cookie: single.cookie,
      samples: PUSH_SAMPLES,
    });
    rows.push(pushRow('one process', latencies));
    rows.push(await listLoad('one process', single.url, single.cookie));
  } finally {
    await single.stop();
  }

  const dir = tempDir('services');
  const port = await freeLoopbackPort();
  const url = `http://127.0.0.1:${port}`;
  const env = loadEnvironment({ ...process.env, DATA_DIR: dir, PUBLIC_URL: url });
  progress('starting the services apart');
  const services = await startServices({ env, port, host: '127.0.0.1' });
  try {
    progress('signing up through the gateway');
    const cookie = await signUpDispatcher(url, dir);
    progress('post-to-push and list loads');
    const [, second] = services.queries;
    if (!second) throw new Error('two query API replicas expected');
    const latencies = await pushLatencies({
      socketUrl: second.url,
      postUrl: url,
      cookie,
      samples: PUSH_SAMPLES,
    });
    rows.push(pushRow('services apart, posted through the gateway, heard on the second replica', latencies));
    rows.push(await listLoad('services apart, through the gateway to two replicas', url, cookie));
    rows.push(
      await listLoad('services apart, straight to one replica', services.queries[0]?.url ?? url, cookie),
    );

    // The projector killed while the board takes CATCH_UP_EVENTS posts, then started again.
    progress(`the projector killed, ${CATCH_UP_EVENTS} posts`);
    await services.projector.kill();
    const posting = performance.now();
    await postTrucks(url, cookie, CATCH_UP_EVENTS);
    const posted = performance.now() - posting;
    const store = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
    const head = await store.headPosition();
    await store.close();
    const restarting = performance.now();
    await services.projector.restart();
    const ready = performance.now() - restarting;
    while ((await projectorPosition(services)) < head)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const caughtUp = performance.now() - restarting;
    rows.push({
      benchmark: `a killed projector catching up ${CATCH_UP_EVENTS.toLocaleString('en-US')} posts (${fmt(posted / 1000, 1)} s to post them)`,
      figure: 'started s · caught up s (from its start)',
      value: `${fmt(ready / 1000, 1)} · ${fmt(caughtUp / 1000, 1)}`,
    });
  } finally {
    await services.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
