import { type ChildProcess, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { truckBody } from './fixtures.ts';
import { type BenchServer, startBenchServer } from './http-server.ts';
import { fmt, percentile, type Row } from './stats.ts';
import type { FromReceivers, ToReceivers } from './webhook-receivers-process.ts';

/** What the receivers are asked, without the id that pairs question and answer. */
type Question = ToReceivers extends infer Q ? (Q extends { id: number } ? Omit<Q, 'id'> : never) : never;

/** The receivers in a process of their own (see webhook-receivers-process.ts), asked over IPC. */
async function startReceivers(count: number) {
  const child: ChildProcess = fork(
    join(dirname(fileURLToPath(import.meta.url)), 'webhook-receivers-process.ts'),
    {
      env: { ...process.env, RECEIVERS: String(count) },
      execPath: process.execPath,
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const urls = await new Promise<string[]>((resolve, reject) => {
    child.once('message', (message: FromReceivers) => {
      if (message.type === 'listening') resolve(message.urls);
    });
    child.once('exit', (code) => reject(new Error(`receivers exited with ${code}`)));
  });
  let next = 0;
  const answers = new Map<number, (message: FromReceivers) => void>();
  child.on('message', (message: FromReceivers) => {
    if (message.type === 'listening') return;
    answers.get(message.id)?.(message);
    answers.delete(message.id);
  });
  const ask = <T extends FromReceivers>(message: Question) =>
    new Promise<T>((resolve) => {
      const id = next++;
      answers.set(id, resolve as (message: FromReceivers) => void);
      child.send({ ...message, id });
    });
  return {
    urls,
    /** Resolves once `count` deliveries in all have arrived. */
    until: (count: number) => ask({ type: 'until', count }).then(() => undefined),
    arrivals: (prefix: string) =>
      ask<Extract<FromReceivers, { type: 'arrivals' }>>({ type: 'arrivals', prefix }).then((m) => m.arrivals),
    sequence: (name: string) =>
      ask<Extract<FromReceivers, { type: 'sequence' }>>({ type: 'sequence', name }).then((m) => m.sequence),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' } satisfies ToReceivers);
      }),
  };
}

const now = () => performance.timeOrigin + performance.now();
const load = () => fmt(loadavg()[0] as number, 1);

/** Times trucks list GETs one after another until `done` says stop (at least `least` of them). */
async function timeListGets(server: BenchServer, done: () => boolean, least = 200): Promise<number[]> {
  const times: number[] = [];
  while (times.length < least || !done()) {
    const start = performance.now();
    const response = await fetch(`${server.url}/api/v1/trucks?limit=25`, {
      headers: { cookie: server.cookie },
    });
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (times.length >= 20_000) break;
  }
  return times;
}

async function post(server: BenchServer, path: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.url },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

/**
 * Webhook deliveries to `endpoints` loopback receivers of one organization (in a process of their
 * own): the events delivered per second over every endpoint (a replay of `events` truck posts to all
 * of them at once, timed from the first replay asked to the last delivery arrived), the time from a
 * truck's post to its delivery (each post waits for its deliveries before the next), and the trucks
 * list GET from this process, quiet and while the replay fans out. The load average (one minute) is
 * printed beside the figures.
 */
export async function benchWebhooks(options: { endpoints?: number; events?: number; samples?: number } = {}) {
  const endpoints = options.endpoints ?? 20;
  const events = options.events ?? 1000;
  const samples = options.samples ?? 100;
  const loadAtStart = load();
  const server = await startBenchServer({
    env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', LOG_REQUESTS: 'false' },
  });
  const receivers = await startReceivers(endpoints);
  try {
    const hooks: string[] = [];
    for (const url of receivers.urls) {
      const created = await post(server, '/api/v1/webhooks', { url, eventTypes: ['truck.posted'] });
      hooks.push((created.endpoint as { id: string }).id);
    }

    // Latency: one post at a time, each waiting for all its deliveries.
    const starts = new Map<string, number>();
    for (let i = 0; i < samples; i++) {
      const name = `Latency ${i}`;
      starts.set(name, now());
      await post(server, '/api/v1/trucks', { ...truckBody(i), truckName: name });
      await receivers.until((i + 1) * endpoints);
    }
    const latencies: number[] = [];
    for (const [name, list] of Object.entries(await receivers.arrivals('Latency ')))
      for (const at of list) latencies.push(at - (starts.get(name) as number));

    // Throughput: `events` posts made first, then every endpoint replays them at once.
    const posted: Promise<unknown>[] = [];
    for (let i = 0; i < events; i++) {
      posted.push(post(server, '/api/v1/trucks', { ...truckBody(i), truckName: `Load ${i}` }));
      if (posted.length >= 20) await Promise.all(posted.splice(0));
    }
    await Promise.all(posted);
    // Let the posts' own deliveries finish before the replay is timed.
    const afterPosts = samples * endpoints + events * endpoints;
    await receivers.until(afterPosts);
    // The board's list GETs with no deliveries going, then while the replay fans out.
    const loadQuiet = load();
    const quiet = await timeListGets(server, () => true, 1000);
    const loadBusy = load();
    const start = performance.now();
    const after = String(((await receivers.sequence('Load 0')) ?? 1) - 1);
    for (const id of hooks) await post(server, `/api/v1/webhooks/${id}/replay`, { after });
    let fannedOut = false;
    const replayed = receivers.until(afterPosts + events * endpoints).then(() => {
      fannedOut = true;
    });
    const busy = await timeListGets(server, () => fannedOut, 1);
    await replayed;
    const seconds = (performance.now() - start) / 1000;

    return [
      {
        benchmark: `webhook deliveries (${endpoints} loopback endpoints in another process, ${events} events replayed to each)`,
        figure: 'events delivered / s',
        value: `${fmt((events * endpoints) / seconds)} (load ${loadBusy} → ${load()})`,
      },
      {
        benchmark: 'trucks list GET, without deliveries — during the fan-out',
        figure: 'p50 / p99 ms',
        value: `${fmt(percentile(quiet, 50), 1)} / ${fmt(percentile(quiet, 99), 1)} (load ${loadQuiet}) — ${fmt(percentile(busy, 50), 1)} / ${fmt(percentile(busy, 99), 1)} (${busy.length} GETs, load ${loadBusy} → ${load()})`,
      },
      {
        benchmark: `webhook post-to-delivery (${samples} posts × ${endpoints} endpoints)`,
        figure: 'p50 / p95 ms',
        value: `${fmt(percentile(latencies, 50), 1)} / ${fmt(percentile(latencies, 95), 1)} (load ${loadAtStart} at the start)`,
      },
    ] satisfies Row[];
  } finally {
    await receivers.close();
    await server.stop();
  }
}
