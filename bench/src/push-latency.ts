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
  const waiting = new Map<number, () => void>();
  socket.on('change', (change: { kind: string; ids: number[] }) => {
    if (change.kind !== 'trucks') return;
    for (const id of change.ids) waiting.get(id)?.();
  });
  const latencies: number[] = [];
  const pending = new Map<number, number>();
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    const response = await fetch(`${server.url}/api/v1/trucks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.url },
      body: JSON.stringify(truckBody(i)),
    });
    const { id } = (await response.json()) as { id: number };
    // The push may arrive before the HTTP response is read: wait for it either way.
    pending.set(id, start);
    await new Promise<void>((resolve) => {
      waiting.set(id, () => {
        latencies.push(performance.now() - (pending.get(id) ?? start));
        waiting.delete(id);
        resolve();
      });
    });
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
