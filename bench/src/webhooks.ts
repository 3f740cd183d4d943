import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { truckBody } from './fixtures.ts';
import { type BenchServer, startBenchServer } from './http-server.ts';
import { fmt, percentile, type Row } from './stats.ts';

/** A loopback receiver answering 200 at once, noting when each delivery arrived. */
async function receiver(onDelivery: (truckName: string, sequence: number, at: number) => void) {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const item = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        sequence: string;
        data: { truckName?: string };
      };
      onDelivery(item.data.truckName ?? '', Number(item.sequence), at);
      response.statusCode = 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

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
 * Webhook deliveries to `endpoints` loopback receivers of one organization: the events delivered per
 * second over every endpoint (a replay of `events` truck posts to all of them at once), and the time
 * from a truck's post to its delivery (each post waits for its deliveries before the next).
 */
export async function benchWebhooks(options: { endpoints?: number; events?: number; samples?: number } = {}) {
  const endpoints = options.endpoints ?? 20;
  const events = options.events ?? 1000;
  const samples = options.samples ?? 100;
  const server = await startBenchServer({
    env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', LOG_REQUESTS: 'false' },
  });
  const arrivals = new Map<string, number[]>();
  const sequences = new Map<string, number>();
  let delivered = 0;
  let notify: (() => void) | null = null;
  const receivers = await Promise.all(
    Array.from({ length: endpoints }, () =>
      receiver((name, sequence, at) => {
        sequences.set(name, sequence);
        delivered += 1;
        const list = arrivals.get(name) ?? [];
        list.push(at);
        arrivals.set(name, list);
        notify?.();
      }),
    ),
  );
  const until = (count: number) =>
    new Promise<void>((resolve) => {
      if (delivered >= count) return resolve();
      notify = () => {
        if (delivered < count) return;
        notify = null;
        resolve();
      };
    });
  try {
    const hooks: string[] = [];
    for (const { url } of receivers) {
      const created = await post(server, '/api/v1/webhooks', { url, eventTypes: ['truck.posted'] });
      hooks.push((created.endpoint as { id: string }).id);
    }

    // Latency: one post at a time, each waiting for all its deliveries.
    const latencies: number[] = [];
    for (let i = 0; i < samples; i++) {
      const expected = delivered + endpoints;
      const start = performance.now();
      await post(server, '/api/v1/trucks', { ...truckBody(i), truckName: `Latency ${i}` });
      await until(expected);
      for (const at of arrivals.get(`Latency ${i}`) ?? []) latencies.push(at - start);
    }

    // Throughput: `events` posts made first, then every endpoint replays them at once.
    const posted: Promise<unknown>[] = [];
    for (let i = 0; i < events; i++) {
      posted.push(post(server, '/api/v1/trucks', { ...truckBody(i), truckName: `Load ${i}` }));
      if (posted.length >= 20) await Promise.all(posted.splice(0));
    }
    await Promise.all(posted);
    // Let the posts' own deliveries finish before the replay is timed.
    const afterPosts = samples * endpoints + events * endpoints;
    await until(afterPosts);
    // The board's list GETs with no deliveries going, then while the replay fans out.
    const quiet = await timeListGets(server, () => true);
    const start = performance.now();
    const after = String((sequences.get('Load 0') ?? 1) - 1);
    for (const id of hooks) await post(server, `/api/v1/webhooks/${id}/replay`, { after });
    let fannedOut = false;
    const replayed = until(afterPosts + events * endpoints).then(() => {
      fannedOut = true;
    });
    const busy = await timeListGets(server, () => fannedOut, 1);
    await replayed;
    const seconds = (performance.now() - start) / 1000;

    return [
      {
        benchmark: `webhook deliveries (${endpoints} loopback endpoints, ${events} events replayed to each)`,
        figure: 'events delivered / s',
        value: fmt((events * endpoints) / seconds),
      },
      {
        benchmark: 'trucks list GET, without deliveries / during the fan-out',
        figure: 'p50 / p99 ms',
        value: `${fmt(percentile(quiet, 50), 1)} / ${fmt(percentile(quiet, 99), 1)} — ${fmt(percentile(busy, 50), 1)} / ${fmt(percentile(busy, 99), 1)} (${busy.length} GETs)`,
      },
      {
        benchmark: `webhook post-to-delivery (${samples} posts × ${endpoints} endpoints)`,
        figure: 'p50 / p95 ms',
        value: `${fmt(percentile(latencies, 50), 1)} / ${fmt(percentile(latencies, 95), 1)}`,
      },
    ] satisfies Row[];
  } finally {
    await Promise.all(receivers.map((open) => open.close()));
    await server.stop();
  }
}
