import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';
import type { BenchServer } from './http-server.ts';
import { fmt, percentile, type Row } from './stats.ts';

/**
 * The system check's figures: the ping's round trip as `/{orgSlug}/testing` measures it (from sending
 * the ping to this client hearing the push that carries its id), and the projection lag route it polls.
 */
export async function benchSystemCheck(server: BenchServer, samples = 200): Promise<Row[]> {
  const socket = io(server.url, {
    transports: ['websocket'],
    extraHeaders: { cookie: server.cookie },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('ready', () => resolve());
    socket.once('connect_error', reject);
  });
  const waiting = new Map<string, (at: number) => void>();
  socket.on('change', (change: { kind: string; ids: string[] }) => {
    if (change.kind !== 'ping') return;
    const at = performance.now();
    for (const id of change.ids) waiting.get(id)?.(at);
  });
  const roundTrips: number[] = [];
  const answers: number[] = [];
  for (let i = 0; i < samples; i++) {
    const pingId = randomUUID();
    // Listening before sending, as the page does: the push may come back before the answer.
    const heard = new Promise<number>((resolve) => waiting.set(pingId, resolve));
    const start = performance.now();
    const response = await fetch(`${server.url}/api/v1/testing/ping`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.url },
      body: JSON.stringify({ pingId }),
    });
    if (response.status !== 202) throw new Error(`ping refused: ${response.status} ${await response.text()}`);
    answers.push(performance.now() - start);
    roundTrips.push((await heard) - start);
    waiting.delete(pingId);
  }
  socket.close();

  const lagReads: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    const response = await fetch(`${server.url}/api/v1/testing/lag`, { headers: { cookie: server.cookie } });
    await response.arrayBuffer();
    lagReads.push(performance.now() - start);
  }
  const p = (values: number[]) => `${fmt(percentile(values, 50), 1)} / ${fmt(percentile(values, 95), 1)}`;
  return [
    {
      benchmark: `system check ping round trip (${samples} pings)`,
      figure: 'p50 / p95 ms',
      value: p(roundTrips),
    },
    { benchmark: `system check ping answer (${samples} pings)`, figure: 'p50 / p95 ms', value: p(answers) },
    { benchmark: `GET /api/v1/testing/lag (${samples} reads)`, figure: 'p50 / p95 ms', value: p(lagReads) },
  ];
}
