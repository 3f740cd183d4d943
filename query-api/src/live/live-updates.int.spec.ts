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

interface Heard {
  socket: Socket;
  ready: { position: string; caughtUp: boolean };
  /** The change notices heard before `ready`. */
  before: { kind: string; ids: (number | string)[]; position: string; orgId: string }[];
}

function join(cookie: string, auth: Record<string, string> = {}): Promise<Heard> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
    auth,
  });
  sockets.push(socket);
  const before: Heard['before'] = [];
  const early = (change: Heard['before'][number]) => before.push(change);
  socket.on('change', early);
  return new Promise((resolve, reject) => {
    socket.once('ready', (ready) => {
      socket.off('change', early);
      resolve({ socket, ready, before });
    });
    socket.once('connect_error', reject);
  });
}

const connect = async (cookie: string) => (await join(cookie)).socket;

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
    expect(change).toMatchObject({
      kind: 'trucks',
      ids: [posted.json().id],
      position: posted.headers['x-event-position'],
      orgId: aliceOrg.id,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seenByBob.filter((c) => (c as { kind: string }).kind === 'trucks')).toEqual([]);
  });

  it('sends a client back after a drop what it missed since the position it names, once, and only its own', async () => {
    const carol = await signUp(app, 'live-carol@example.com');
    const dave = await signUp(app, 'live-dave@example.com');
    const carolOrg = await createOrganization(app, carol, 'Live Carol');
    await createOrganization(app, dave, 'Live Dave');
    const post = async (cookie: string, truckName: string) => {
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/v1/trucks',
        headers: { cookie },
        payload: { ...validTruck, truckName },
      });
      expect(response.statusCode).toBe(201);
      return { id: response.json().id as number, position: response.headers['x-event-position'] as string };
    };
    const first = await join(carol);
    expect(first.ready.caughtUp).toBe(false);
    const seen = await post(carol, 'Seen before the drop');
    await new Promise<void>((resolve) =>
      first.socket.on('change', (change) => change.position === seen.position && resolve()),
    );
    first.socket.close();

    // Away: two trucks of Carol's and one of Dave's are posted.
    const missedOne = await post(carol, 'Missed one');
    await post(dave, 'Not Carol’s');
    const missedTwo = await post(carol, 'Missed two');
    const projected = await app.app.inject({
      method: 'GET',
      url: '/api/v1/trucks',
      headers: { cookie: carol, 'x-min-position': missedTwo.position },
    });
    expect(projected.statusCode).toBe(200);

    const back = await join(carol, { since: seen.position });
    expect(back.ready.caughtUp).toBe(true);
    expect(back.before).toEqual([
      { kind: 'trucks', ids: [missedTwo.id, missedOne.id], position: missedTwo.position, orgId: carolOrg.id },
    ]);

    // From where it is now, nothing was missed.
    const current = await join(carol, { since: back.ready.position });
    expect(current).toMatchObject({ ready: { caughtUp: true }, before: [] });
  });

  it('refuses a handshake without a session', async () => {
    await expect(connect('')).rejects.toThrow('Unauthorized');
  });
});
