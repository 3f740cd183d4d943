import { io } from 'socket.io-client';
import { truckBody } from './fixtures.ts';
import type { BenchServer } from './http-server.ts';
import { fmt, percentile, type Row } from './stats.ts';

/**
 * From sending a truck post to `postUrl` to a Socket.IO client of the organization, connected to
 * `socketUrl`, receiving its change: one post at a time, `samples` of them, in milliseconds.
 */
export async function pushLatencies(options: {
  socketUrl: string;
  postUrl: string;
  cookie: string;
  samples: number;
}): Promise<number[]> {
  const { socketUrl, postUrl, cookie, samples } = options;
  const socket = io(socketUrl, {
    transports: ['websocket'],
    extraHeaders: { cookie, origin: postUrl },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('ready', () => resolve());
    socket.once('connect_error', reject);
  });
  // The push may arrive before the HTTP response is read: its arrival is kept until the post knows its id.
  const waiting = new Map<number, (at: number) => void>();
  const arrived = new Map<number, number>();
  socket.on('change', (change: { kind: string; ids: number[] }) => {
    if (change.kind !== 'trucks') return;
    const at = performance.now();
    for (const id of change.ids) {
      const waiter = waiting.get(id);
      if (waiter) waiter(at);
      else arrived.set(id, at);
    }
  });
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    const response = await fetch(`${postUrl}/api/v1/trucks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: postUrl },
      body: JSON.stringify(truckBody(i)),
    });
    const { id } = (await response.json()) as { id: number };
    const at =
      arrived.get(id) ??
      (await new Promise<number>((resolve) => {
        waiting.set(id, resolve);
      }));
    waiting.delete(id);
    arrived.delete(id);
    latencies.push(at - start);
  }
  socket.close();
  return latencies;
}

/** From sending a truck post to a Socket.IO client of the organization receiving its change. */
export async function benchPushLatency(server: BenchServer, samples = 200): Promise<Row[]> {
  const latencies = await pushLatencies({
    socketUrl: server.url,
    postUrl: server.url,
    cookie: server.cookie,
    samples,
  });
  return [
    {
      benchmark: `command-to-push latency (${samples} posts)`,
      figure: 'p50 / p95 ms',
      value: `${fmt(percentile(latencies, 50), 1)} / ${fmt(percentile(latencies, 95), 1)}`,
    },
  ];
}
