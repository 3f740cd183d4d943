import { join as joinPath } from 'node:path';
import { readOutbox, readSmsOutbox } from '@dispatch/auth';
import {
  NO_PHONE_NUMBER_MESSAGE,
  PING_CHANGE_KIND,
  pingAnswerSchema,
  projectionLagAnswerSchema,
  SYSTEM_PINGED,
  testMessageAnswerSchema,
} from '@dispatch/domain';
import {
  eventsSince,
  join,
  liveConnection,
  ownerWithOrganization,
  query,
  startTestApp,
  type TestApp,
  verifyPhoneNumber,
} from '@dispatch/test-kit';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The system check of /{orgSlug}/testing: the ping's round trip, the lag, the test e-mail and text. */

let app: TestApp;
let first: Awaited<ReturnType<typeof ownerWithOrganization>>;
let second: Awaited<ReturnType<typeof ownerWithOrganization>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  first = await ownerWithOrganization(app, 'check-first@example.com', 'Check First Freight');
  second = await ownerWithOrganization(app, 'check-second@example.com', 'Check Second Freight');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.stop();
});

const post = (cookie: string, path: string, payload: unknown = {}) =>
  app.app.inject({
    method: 'POST',
    url: path,
    headers: { cookie, origin: app.url, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function connect(cookie: string) {
  const socket = await liveConnection(app, cookie);
  sockets.push(socket);
  return socket;
}

describe('the ping', () => {
  it('goes through the event store and the projector back to its own organization, and to no other', async () => {
    const mine = await connect(first.cookie);
    const theirs = await connect(second.cookie);
    const heardByOthers: unknown[] = [];
    theirs.on('change', (change) => heardByOthers.push(change));
    const pingId = crypto.randomUUID();
    const heard = new Promise<{ kind: string; ids: string[]; orgId: string; position: string }>((resolve) =>
      mine.on('change', (change) => {
        if (change.kind === PING_CHANGE_KIND && change.ids.includes(pingId)) resolve(change);
      }),
    );
    const before = await app.infrastructure.eventStore.headPosition();

    const answer = await post(first.cookie, '/api/v1/testing/ping', { pingId });

    expect(answer.statusCode, answer.body).toBe(202);
    const { data } = pingAnswerSchema.parse(answer.json());
    expect(data.pingId).toBe(pingId);
    expect(answer.headers['x-event-position']).toBe(data.position);
    expect(await heard).toEqual({
      kind: PING_CHANGE_KIND,
      ids: [pingId],
      orgId: first.organization.id,
      position: expect.any(String),
    });
    const [event] = await eventsSince(app, before);
    expect(event).toMatchObject({
      streamId: `ping-${first.organization.id}`,
      type: SYSTEM_PINGED,
      data: { pingId },
      metadata: { orgId: first.organization.id },
    });
    // The other organization's connection heard nothing of it, nor of a second ping.
    await post(first.cookie, '/api/v1/testing/ping', {});
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardByOthers).toEqual([]);
  });

  it('makes an id when none is given, refuses a bad one with 400 and then writes nothing', async () => {
    const made = await post(first.cookie, '/api/v1/testing/ping', {});
    expect(made.statusCode).toBe(202);
    expect(made.json().data.pingId).toMatch(/^[0-9a-f-]{36}$/);

    const before = await app.infrastructure.eventStore.headPosition();
    const bad = await post(first.cookie, '/api/v1/testing/ping', { pingId: 'not-an-id' });
    const extra = await post(first.cookie, '/api/v1/testing/ping', {
      pingId: crypto.randomUUID(),
      truckId: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { pingId: ['Ping id must be a valid id'] },
    });
    expect(extra.statusCode).toBe(400);
    expect((await post('', '/api/v1/testing/ping', {})).statusCode).toBe(401);
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
  });

  it('never touches a board, a list or a count', async () => {
    const reads = [
      '/api/v1/trucks?limit=100',
      '/api/v1/loads?limit=100',
      '/api/v1/overview/totals',
      '/api/v1/overview/monthly-counts',
      '/api/v1/envelopes/counts',
      '/api/v1/organization/list-members',
      '/api/v1/organization/list',
    ];
    const read = async () =>
      Promise.all(reads.map(async (url) => (await query(app, first.cookie, url)).body));
    const before = await read();
    for (let i = 0; i < 5; i++)
      expect((await post(first.cookie, '/api/v1/testing/ping', {})).statusCode).toBe(202);
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
    expect(await read()).toEqual(before);
    // That it keeps no read model at all is the projector's: projector/src/projections/system-pings.unit.spec.ts.
  });
});

describe('the projection lag', () => {
  it('answers anyone in the organization with positions of the log only', async () => {
    const member = await join(app, first.cookie, 'check-member@example.com');
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
    const answer = await query(app, member.cookie, '/api/v1/testing/lag');
    expect(answer.statusCode).toBe(200);
    const { data } = projectionLagAnswerSchema.parse(answer.json());
    expect(data).toMatchObject({ lagEvents: 0, lagEventsCapped: false, lagMs: 0 });
    expect(data.checkpoint).toBe(data.head);
    expect((await query(app, '', '/api/v1/testing/lag')).statusCode).toBe(401);
  });
});

describe('the test e-mail and text', () => {
  const outbox = () => joinPath(app.dataDir, 'outbox');

  it('mails the signed-in user at their own address, three times in ten minutes, then 429', async () => {
    const sent: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await post(first.cookie, '/api/v1/testing/email');
      expect(answer.statusCode, answer.body).toBe(202);
      const { data } = testMessageAnswerSchema.parse(answer.json());
      expect(data).toEqual({ channel: 'email', sentTo: 'c••••••@example.com', remaining: 2 - i });
      sent.push(i);
    }
    const mails = (await readOutbox(outbox())).filter(
      (mail) => mail.subject === 'Test e-mail from the system check',
    );
    expect(mails.map((mail) => mail.to)).toEqual([
      'check-first@example.com',
      'check-first@example.com',
      'check-first@example.com',
    ]);

    const refused = await post(first.cookie, '/api/v1/testing/email');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'You can send 3 test e-mails every 10 minutes. Try again in 10 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(
      (await readOutbox(outbox())).filter((mail) => mail.subject === 'Test e-mail from the system check'),
    ).toHaveLength(3);
    // Per user: someone else still has their own three.
    expect((await post(second.cookie, '/api/v1/testing/email')).statusCode).toBe(202);
  });

  it('texts only a verified number of the user, and says so when there is none', async () => {
    const none = await post(second.cookie, '/api/v1/testing/sms');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'NO_PHONE_NUMBER', message: NO_PHONE_NUMBER_MESSAGE });

    await verifyPhoneNumber(app, second.cookie, '+13125550142');
    for (let i = 0; i < 3; i++) {
      const answer = await post(second.cookie, '/api/v1/testing/sms');
      expect(answer.statusCode, answer.body).toBe(202);
      expect(answer.json().data).toEqual({ channel: 'sms', sentTo: '•••• 0142', remaining: 2 - i });
    }
    const texts = (await readSmsOutbox(outbox())).filter((sms) => sms.text.startsWith('System check'));
    expect(texts.map((sms) => sms.to)).toEqual(['+13125550142', '+13125550142', '+13125550142']);
    const refused = await post(second.cookie, '/api/v1/testing/sms');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'You can send 3 test texts every 10 minutes. Try again in 10 minutes.',
    );
  });

  it('refuses a body with anything in it (400) and a caller without a session (401)', async () => {
    for (const path of ['/api/v1/testing/email', '/api/v1/testing/sms']) {
      const bad = await post(first.cookie, path, { to: 'someone-else@example.com' });
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
      expect((await post('', path)).statusCode).toBe(401);
    }
  });
});
