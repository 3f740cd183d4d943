import { createOrganization, signUp, startTestApp, type TestApp, validTruck } from '@dispatch/test-kit';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  url = app.url;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.stop();
});

function connect(cookie: string): Promise<Socket> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('ready', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('live updates over Socket.IO', () => {
  it('pushes a posted truck to its own organization only', async () => {
    const alice = await signUp(app, 'live-alice@example.com');
    const bob = await signUp(app, 'live-bob@example.com');
    const aliceOrg = await createOrganization(app, alice, 'Live Alice');
    await createOrganization(app, bob, 'Live Bob');
    const [watcher, other] = await Promise.all([connect(alice), connect(bob)]);
    const seenByBob: unknown[] = [];
    other.on('change', (change) => seenByBob.push(change));

    const received = new Promise<{ kind: string; ids: number[]; position: string; orgId: string }>(
      (resolve) => watcher.on('change', (change) => change.kind === 'trucks' && resolve(change)),
    );
    const posted = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { cookie: alice },
      payload: validTruck,
    });
    const change = await received;
    expect(change).toEqual({
      kind: 'trucks',
      ids: [posted.json().id],
      position: posted.headers['x-event-position'],
      orgId: aliceOrg.id,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seenByBob.filter((c) => (c as { kind: string }).kind === 'trucks')).toEqual([]);
  });

  it('refuses a handshake without a session', async () => {
    await expect(connect('')).rejects.toThrow('Unauthorized');
  });
});
