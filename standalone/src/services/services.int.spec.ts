import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAuthFor } from '@dispatch/auth/runtime';
import { loadEnvironment, openEventStoreFor } from '@dispatch/config';
import { eventually, upcomingTruck } from '@dispatch/test-kit';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, seedDemoData } from '../seed.ts';
import { freeLoopbackPort, type RunningServices, type ServiceProcess, startServices } from './index.ts';

/**
 * The services as `npm run start:services` runs them: the command API, the projector and two query API
 * replicas, each a process of its own on one DATA_DIR, behind the gateway. Each is killed (SIGKILL, as
 * a crash) while the others serve, and started again.
 */

let dataDir: string;
let services: RunningServices;
let command: ServiceProcess;
let projector: ServiceProcess;
let queries: ServiceProcess[];
let origin: string;
let cookie: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dispatch-services-'));
  const gatewayPort = await freeLoopbackPort();
  origin = `http://localhost:${gatewayPort}`;
  const settings = { DATA_DIR: dataDir, PUBLIC_URL: origin, AUTH_RATE_LIMIT: 'off' };
  const env = loadEnvironment({ ...process.env, ...settings });
  const eventStore = openEventStoreFor(env);
  const auth = await openAuthFor(env);
  await seedDemoData(eventStore, auth);
  await auth.close();
  await eventStore.close();

  services = await startServices({ env, port: gatewayPort, host: '127.0.0.1' });
  ({ command, projector, queries } = services);

  const signedIn = await fetch(`${services.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }),
  });
  expect(signedIn.status).toBe(200);
  cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}, 240_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await services?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

async function postTruck(truckName: string) {
  const answer = await fetch(`${services.url}/api/v1/trucks`, {
    method: 'POST',
    headers: { origin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ ...upcomingTruck(), truckName }),
  });
  return { status: answer.status, body: (await answer.json()) as { id?: number } };
}

async function trucksListed(): Promise<{ status: number; names: string[] }> {
  const answer = await fetch(`${services.url}/api/v1/trucks?limit=100`, {
    headers: { cookie },
  });
  if (answer.status !== 200) return { status: answer.status, names: [] };
  const body = (await answer.json()) as { data: { truckName: string }[] };
  return { status: 200, names: body.data.map((truck) => truck.truckName) };
}

/** A live connection to one replica, and the truck changes it hears. */
function watch(replica: ServiceProcess) {
  const socket = io(replica.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie, origin },
    reconnection: false,
  });
  sockets.push(socket);
  const heard: number[] = [];
  socket.on('change', (change: { kind: string; ids: number[] }) => {
    if (change.kind === 'trucks') heard.push(...change.ids);
  });
  return new Promise<{ heard: number[] }>((resolve, reject) => {
    socket.once('ready', () => resolve({ heard }));
    socket.once('connect_error', reject);
  });
}

describe('the services apart', () => {
  it('push a truck posted through the gateway to the live connections of both query API replicas', async () => {
    const [first, second] = await Promise.all(queries.map(watch));
    const posted = await postTruck('Split Rig');
    expect(posted.status).toBe(201);
    const id = posted.body.id as number;
    await eventually(
      async () => [first?.heard, second?.heard],
      () => Boolean(first?.heard.includes(id) && second?.heard.includes(id)),
    );
    expect(first?.heard).toContain(id);
    expect(second?.heard).toContain(id);
    expect((await trucksListed()).names).toContain('Split Rig');
  });

  it('answer every read from the other replica while one is killed, and take it back once it is ready', async () => {
    const [killed, other] = queries as [ServiceProcess, ServiceProcess];
    // Four readers, one request after another, from before the kill until after it: the reads in
    // flight on the killed replica, and those sent before the gateway notices, go to the other.
    const statuses: number[] = [];
    let reading = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (reading) statuses.push((await trucksListed()).status);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await killed.kill();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    reading = false;
    await Promise.all(readers);
    expect(statuses.length).toBeGreaterThan(8);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await services.ready()).toEqual([other.url]);

    await killed.restart();
    const ready = await eventually(
      () => services.ready(),
      (urls) => urls.length === 2,
    );
    expect(ready).toEqual(queries.map((query) => query.url));
  });

  it('keep taking posts while the projector is dead, and show them all once it is back', async () => {
    const watcher = await watch(queries[1] as ServiceProcess);
    await projector.kill();
    const posted = [];
    for (let i = 0; i < 5; i++) posted.push(await postTruck(`Dark Rig ${i}`));
    expect(posted.map((answer) => answer.status)).toEqual(Array(5).fill(201));

    await projector.restart();
    const names = Array.from({ length: 5 }, (_, i) => `Dark Rig ${i}`);
    const listed = await eventually(trucksListed, (list) => names.every((name) => list.names.includes(name)));
    expect(listed.names).toEqual(expect.arrayContaining(names));
    // A connection that stayed open hears of them too.
    const ids = posted.map((answer) => answer.body.id as number);
    await eventually(
      async () => watcher.heard,
      (heard) => ids.every((id) => heard.includes(id)),
    );
    expect(watcher.heard).toEqual(expect.arrayContaining(ids));
  });

  it('keep every post the command API acknowledged before it was killed', async () => {
    // Two clients posting one truck after another; the command API is killed after the fifth
    // acknowledgement, with posts of both under way.
    const acknowledged: string[] = [];
    let sent = 0;
    let stopped = false;
    const clients = Array.from({ length: 2 }, async () => {
      while (!stopped) {
        const name = `Crash Rig ${sent++}`;
        const answer = await postTruck(name).catch(() => ({ status: 0, body: {} }));
        if (answer.status === 201) acknowledged.push(name);
        else stopped = true;
      }
    });
    await eventually(
      async () => acknowledged.length,
      (count) => count >= 5,
    );
    await command.kill();
    await Promise.all(clients);
    expect(acknowledged.length).toBeGreaterThanOrEqual(5);

    await command.restart();
    const listed = await eventually(trucksListed, (list) =>
      acknowledged.every((name) => list.names.includes(name)),
    );
    expect(listed.names).toEqual(expect.arrayContaining(acknowledged));
    // The restarted command API takes posts again.
    const after = await postTruck('After Crash Rig');
    expect(after.status).toBe(201);
  });
});
