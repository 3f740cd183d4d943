import { readFileSync } from 'node:fs';
import { Agent, type ClientRequestArgs } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  join,
  ownerWithOrganization,
  query,
  signIn,
  startTestApp,
  type TestApp,
  validTruck,
} from '@dispatch/test-kit';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_UNSENT_BYTES } from './socket-server.ts';

/**
 * A client that stops reading (a frozen tab, a link that died without a close) must not delay the
 * pushes to the others, and must not make the server hold an ever growing queue for it. Several
 * members of one organization are connected over WebSocket; one of them stops reading its TCP socket.
 * Then the organization's room is flooded with large changes, published into the projector's change
 * feed (the in-process feed the projector publishes its commits to: appended events could not fill the
 * few megabytes of socket buffers the kernel keeps per connection in the time of a test), while trucks
 * are posted through the command API, and the time from each post to its push at every reading client
 * is measured, before the stall and during it.
 */

/** Ids of the flood's changes: far above the ids the truck sequence hands out. */
const FLOOD_ID = 10_000_000;
/** About 18 kB a push: 2,000 ids. */
const floodIds = Array.from({ length: 2_000 }, (_, i) => FLOOD_ID + i);
/** Pace of the flood: one push every few milliseconds, about a megabyte a second. */
const FLOOD_EVERY_MS = 15;

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let admin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  owner = await ownerWithOrganization(app, 'stall-owner@example.com', 'Stall Freight');
  await app.infrastructure.auth.createUser({
    email: 'stall-admin@example.com',
    password: 'correct-horse-battery',
    name: 'Stall Admin',
    role: 'super_admin',
  });
  admin = await signIn(app, 'stall-admin@example.com');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.stop();
});

/** An HTTP agent that keeps the TCP socket it opens: the WebSocket's, once upgraded. */
class TappedAgent extends Agent {
  socket: Duplex | null = null;
  override createConnection(
    options: ClientRequestArgs,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const socket = super.createConnection(options, callback);
    this.socket = socket ?? null;
    return socket;
  }
}

interface Client {
  socket: Socket;
  agent: TappedAgent;
  /** When each posted truck's push arrived (flood ids left out). */
  arrivals: Map<number, number>;
  floodPushes: number;
  readies: number;
}

async function connect(cookie: string): Promise<Client> {
  const agent = new TappedAgent();
  const socket = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    agent: agent as unknown as string,
    reconnectionDelay: 100,
    reconnectionDelayMax: 200,
  });
  sockets.push(socket);
  const client: Client = { socket, agent, arrivals: new Map(), floodPushes: 0, readies: 0 };
  socket.on('change', (change: { kind: string; ids: number[] }) => {
    if (change.kind !== 'trucks') return;
    if (change.ids[0] === FLOOD_ID) client.floodPushes += 1;
    else for (const id of change.ids) client.arrivals.set(id, performance.now());
  });
  socket.on('ready', () => {
    client.readies += 1;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('ready', () => resolve());
    socket.once('connect_error', reject);
  });
  return client;
}

/** Live connections the server holds, as the platform's status says. */
async function liveConnections(): Promise<number> {
  const response = await query(app, admin, '/api/v1/admin/status');
  return response.json().data.live.connections as number;
}

/** Posts a truck and waits until every client of `clients` has heard of it: the slowest one's delay, in ms. */
async function probe(clients: Client[], timeoutMs = 5_000): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${app.url}/api/v1/trucks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: owner.cookie, origin: app.url },
    body: JSON.stringify(validTruck),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: number };
  const deadline = start + timeoutMs;
  while (clients.some((client) => !client.arrivals.has(id))) {
    if (performance.now() > deadline)
      throw new Error(`the push of truck ${id} did not arrive in ${timeoutMs} ms`);
    await sleep(1);
  }
  return Math.max(...clients.map((client) => (client.arrivals.get(id) as number) - start));
}

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] as number;

/**
 * What the kernel may hold for a connection whose reader stopped: the sender's socket buffer at its
 * largest and the receiver's at its start (it grows only as the reader reads). Linux's figures; 8 MB
 * elsewhere.
 */
function kernelBuffers(): number {
  try {
    const field = (file: string, index: number) =>
      Number(readFileSync(`/proc/sys/net/ipv4/${file}`, 'utf8').trim().split(/\s+/)[index]);
    return field('tcp_wmem', 2) + field('tcp_rmem', 1);
  } catch {
    return 8 * 1024 * 1024;
  }
}

it('keeps pushing to every reading client while one has stopped reading, and drops that one', async () => {
  const members = await Promise.all(
    [1, 2].map((n) => join(app, owner.cookie, `stall-member-${n}@example.com`).then((m) => m.cookie)),
  );
  const healthy = await Promise.all([owner.cookie, ...members].map(connect));
  const stalled = await connect(members[0] as string);
  const all = [...healthy, stalled];
  expect(await liveConnections()).toBe(all.length);

  // Before the stall: the pace every client hears of a post at.
  const baseline: number[] = [];
  for (let i = 0; i < 20; i++) baseline.push(await probe(all));

  // The stalled client stops reading its TCP socket: what the server sends it piles up.
  stalled.agent.socket?.pause();
  const heardByStalled = stalled.floodPushes;
  let published = 0;
  let publishedBytes = 0;
  let stop = false;
  const position = app.projector.position();
  const flooding = (async () => {
    while (!stop) {
      app.feed?.publish({
        position,
        changes: [{ kind: 'trucks', orgId: owner.organization.id, ids: floodIds }],
      });
      published += 1;
      // The push as it goes over the wire, near enough: `42["change",{…}]`.
      publishedBytes += JSON.stringify(floodIds).length + 120;
      await sleep(FLOOD_EVERY_MS);
    }
  })();

  // Posts while the stalled client stays connected, until the server drops it.
  const bound = kernelBuffers() + MAX_UNSENT_BYTES + 2 * 1024 * 1024;
  const duringStall: number[] = [];
  let droppedAfterBytes: number | null = null;
  let lastCheck = 0;
  while (droppedAfterBytes === null && publishedBytes < 3 * bound) {
    duringStall.push(await probe(healthy));
    if (performance.now() - lastCheck > 100) {
      lastCheck = performance.now();
      if ((await liveConnections()) < all.length) droppedAfterBytes = publishedBytes;
    }
  }
  stop = true;
  await flooding;
  const floodPushes = published;

  expect(
    droppedAfterBytes,
    `the stalled client was still connected after ${publishedBytes} bytes`,
  ).not.toBeNull();
  // What the server held for it is bounded: the kernel's buffers, then its own bound.
  expect(droppedAfterBytes as number).toBeLessThan(bound);
  expect(stalled.floodPushes, 'the stalled client read nothing').toBe(heardByStalled);
  // Every push reached every reading client, at the pace of before the stall.
  await sleep(200);
  for (const client of healthy) {
    expect(client.socket.connected).toBe(true);
    expect(client.floodPushes).toBe(floodPushes);
  }
  const stats = {
    baselineP95: p95(baseline),
    stallP95: p95(duringStall),
    stallMax: Math.max(...duringStall),
    probesDuringStall: duringStall.length,
    floodPushes,
    droppedAfterBytes,
  };
  console.info('pushes while a client is stalled:', stats);
  expect(duringStall.length).toBeGreaterThanOrEqual(20);
  expect(stats.stallP95, JSON.stringify(stats)).toBeLessThan(stats.baselineP95 + 500);

  // The dropped client, reading again, finds its connection gone and reconnects; it hears of posts again.
  stalled.agent.socket?.resume();
  const deadline = Date.now() + 10_000;
  while (stalled.readies < 2 && Date.now() < deadline) await sleep(20);
  expect(stalled.readies, 'the dropped client reconnected').toBe(2);
  await probe(all);
  expect(await liveConnections()).toBe(all.length);
}, 60_000);
