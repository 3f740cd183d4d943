import { io } from 'socket.io-client';
import { truckBody } from './fixtures.ts';
import type { BenchServer } from './http-server.ts';
import { fmt, percentile, type Row } from './stats.ts';

/** From sending a truck post to a Socket.IO client of the organization receiving its change. */
export async function benchPushLatency(server: BenchServer, samples = 200): Promise<Row[]> {
  const socket = io(server.url, {
    transports: ['websocket'],
    extraHeaders: { cookie: server.cookie },
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
    const response = await fetch(`${server.url}/api/v1/trucks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.url },
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
  return [
    {
      benchmark: `command-to-push latency (${samples} posts)`,
      figure: 'p50 / p95 ms',
      value: `${fmt(percentile(latencies, 50), 1)} / ${fmt(percentile(latencies, 95), 1)}`,
    },
  ];
}
