import { join as joinPath } from 'node:path';
import { type Mailer, readOutbox } from '@dispatch/auth';
import {
  errorAnswerSchema,
  notificationsPageAnswerSchema,
  savedSearchesAnswerSchema,
  savedSearchOneAnswerSchema,
} from '@dispatch/domain';
import {
  createOrganization,
  join,
  ownerWithOrganization,
  requestsWith,
  startTestApp,
  type TestApp,
  upcomingLoad,
  upcomingTruck,
} from '@dispatch/test-kit';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMailSweeper } from './notification-mail-sweeper.ts';

let app: TestApp;
const inject = requestsWith(() => app);
const sockets: Socket[] = [];

let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let member: Awaited<ReturnType<typeof join>>;
let colleague: Awaited<ReturnType<typeof join>>;
let stranger: Awaited<ReturnType<typeof ownerWithOrganization>>;

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  owner = await ownerWithOrganization(app, 'watch-owner@example.com', 'Watchful Freight');
  member = await join(app, owner.cookie, 'watch-member@example.com');
  colleague = await join(app, owner.cookie, 'watch-colleague@example.com');
  stranger = await ownerWithOrganization(app, 'watch-stranger@example.com', 'Other Freight');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.stop();
});

/** A request whose events the read models have applied before it answers. */
async function send(
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const response = await inject(cookie, method, url, payload);
  const position = response.headers['x-event-position'];
  if (typeof position === 'string') await app.projector.waitFor(BigInt(position), 5000);
  return response;
}

const chicagoFlatbeds = {
  name: 'Flatbeds near Chicago',
  kind: 'radius',
  params: { state: 'IL', city: 'Chicago', radius: '150', trailerType: 'FLATBED', page: '2', limit: '50' },
  alert: { inApp: true, email: false },
};

async function save(cookie: string, body: Record<string, unknown> = chicagoFlatbeds) {
  const response = await send(cookie, 'POST', '/api/v1/saved-searches', body);
  expect(response.statusCode, response.body).toBe(201);
  return savedSearchOneAnswerSchema.parse(response.json()).data;
}

async function list(cookie: string) {
  const response = await inject(cookie, 'GET', '/api/v1/saved-searches');
  expect(response.statusCode, response.body).toBe(200);
  return savedSearchesAnswerSchema.parse(response.json());
}

async function notificationsOf(cookie: string, query = '') {
  const response = await inject(cookie, 'GET', `/api/v1/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return notificationsPageAnswerSchema.parse(response.json());
}

async function postTruck(cookie: string, truck: Record<string, unknown> = {}) {
  const response = await send(cookie, 'POST', '/api/v1/trucks', { ...upcomingTruck(), ...truck });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

const head = () => app.infrastructure.eventStore.headPosition();

describe('saved searches', () => {
  it('any member saves a search of their own, without paging, and lists only their own', async () => {
    const saved = await save(member.cookie);
    expect(saved).toMatchObject({
      name: 'Flatbeds near Chicago',
      kind: 'radius',
      params: { state: 'IL', city: 'Chicago', radius: 150, trailerType: ['FLATBED'], searchType: 'trucks' },
      alert: { inApp: true, email: false },
      version: 0,
    });
    expect(saved.params).not.toHaveProperty('page');
    const trucks = await save(owner.cookie, {
      name: 'Available',
      kind: 'trucks',
      params: { status: 'true' },
    });
    expect(trucks.alert).toEqual({ inApp: false, email: false });

    const mine = await list(member.cookie);
    expect(mine.max).toBe(50);
    expect(mine.data.map((search) => search.id)).toEqual([saved.id]);
    expect((await list(owner.cookie)).data.map((search) => search.id)).toEqual([trucks.id]);
    expect((await list(stranger.cookie)).data).toEqual([]);
  });

  it('refuses a bad search with the field and the list’s message, and writes nothing', async () => {
    const before = await head();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...chicagoFlatbeds, name: 'x'.repeat(51) }, { name: ['Name cannot be more than 50 characters'] }],
      [
        { ...chicagoFlatbeds, params: { state: 'IL', city: 'Chicago', radius: '9000' } },
        { 'params.radius': ['Radius must be a number from 1 to 5000'] },
      ],
      [
        { ...chicagoFlatbeds, params: { state: 'IL', city: 'Atlantis', radius: '10' } },
        { 'params.city': ['City not found in IL'] },
      ],
      [
        { name: 'Loads', kind: 'loads', params: { startDate: '2026-02-30' } },
        { 'params.startDate': ['Must be a real date between 1970 and 2200'] },
      ],
      [{ name: 'Loads', kind: 'boats' }, { kind: ['Kind must be trucks, loads, radius or lane'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await inject(member.cookie, 'POST', '/api/v1/saved-searches', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorAnswerSchema.parse(response.json()).errors).toEqual(errors);
    }
    const patch = await inject(member.cookie, 'PATCH', `/api/v1/saved-searches/not-a-uuid`, { name: 'x' });
    expect(patch.statusCode).toBe(400);
    expect((await inject(member.cookie, 'GET', '/api/v1/notifications?limit=0')).statusCode).toBe(400);
    expect((await inject(member.cookie, 'GET', '/api/v1/notifications?before=soon')).statusCode).toBe(400);
    expect((await inject(member.cookie, 'GET', '/api/v1/saved-searches?page=2')).statusCode).toBe(400);
    expect(
      (await inject(member.cookie, 'POST', '/api/v1/notifications/read', { ids: 'all' })).statusCode,
    ).toBe(400);
    expect(await head()).toBe(before);
  });

  it("renames, changes alerts and deletes one's own; another user's or organization's is not found", async () => {
    const saved = await save(member.cookie, { name: 'Hoppers', kind: 'loads', params: { product: 'HEAVY' } });
    const url = `/api/v1/saved-searches/${saved.id}`;
    const renamed = await send(member.cookie, 'PATCH', url, {
      name: 'Heavy hoppers',
      alert: { email: true },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(savedSearchOneAnswerSchema.parse(renamed.json()).data).toMatchObject({
      name: 'Heavy hoppers',
      alert: { inApp: false, email: true },
      version: 2,
    });
    const stale = await inject(member.cookie, 'PATCH', url, { name: 'Late', version: 0 });
    expect(stale.statusCode).toBe(409);

    const before = await head();
    for (const cookie of [owner.cookie, colleague.cookie, stranger.cookie]) {
      const patched = await inject(cookie, 'PATCH', url, { name: 'Mine now' });
      expect(patched.statusCode).toBe(404);
      expect(patched.json().message).toBe('Saved search not found');
      expect((await inject(cookie, 'DELETE', url)).statusCode).toBe(404);
    }
    expect(await head()).toBe(before);

    const deleted = await send(member.cookie, 'DELETE', url);
    expect(deleted.statusCode).toBe(204);
    expect((await list(member.cookie)).data.map((search) => search.id)).not.toContain(saved.id);
    expect((await inject(member.cookie, 'PATCH', url, { name: 'Back' })).statusCode).toBe(404);
  });

  it('keeps at most 50 saved searches per user in an organization', async () => {
    const user = await join(app, owner.cookie, 'watch-collector@example.com');
    for (let i = 0; i < 50; i++) await save(user.cookie, { name: `Search ${i}`, kind: 'trucks' });
    const refused = await inject(user.cookie, 'POST', '/api/v1/saved-searches', {
      name: 'One more',
      kind: 'trucks',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/at most 50 saved searches/);
    expect((await list(user.cookie)).data).toHaveLength(50);
    // In an organization of their own, they start from none.
    await createOrganization(app, user.cookie, 'Collector Own');
    await app.projector.waitFor(await head(), 5000);
    expect((await list(user.cookie)).data).toEqual([]);
    await save(user.cookie, { name: 'One more', kind: 'trucks' });
  });
});

function connect(cookie: string): Promise<Socket> {
  const socket = io(app.url, {
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

describe('notifications', () => {
  it('alert the owner live when a colleague posts a match, and only the owner', async () => {
    const watcher = await join(app, owner.cookie, 'watch-live@example.com');
    const search = await save(watcher.cookie, { ...chicagoFlatbeds, name: 'Live flatbeds' });
    const [watcherSocket, colleagueSocket] = await Promise.all([
      connect(watcher.cookie),
      connect(colleague.cookie),
    ]);
    const heardByColleague: { kind: string }[] = [];
    colleagueSocket.on('change', (change) => heardByColleague.push(change));
    const heard = new Promise<{ kind: string; ids: string[]; orgId: string }>((resolve) =>
      watcherSocket.on('change', (change) => change.kind === 'notifications' && resolve(change)),
    );

    const truck = await postTruck(colleague.cookie, {
      truckName: 'Gary Flyer',
      truckState: 'IN',
      truckCity: 'Gary',
    });
    expect(await heard).toMatchObject({
      kind: 'notifications',
      ids: [watcher.userId],
      orgId: owner.organization.id,
    });
    const page = await notificationsOf(watcher.cookie);
    expect(page.unreadCount).toBe(1);
    expect(page.data).toMatchObject([
      {
        savedSearchId: search.id,
        savedSearchName: 'Live flatbeds',
        postingKind: 'trucks',
        postingId: truck.id,
        reason: 'posted',
        title: 'Gary Flyer',
        read: false,
        email: 'none',
      },
    ]);
    expect(page.data[0]?.distance).toBeGreaterThan(20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heardByColleague.filter((change) => change.kind === 'notifications')).toEqual([]);
    expect((await notificationsOf(colleague.cookie)).data).toEqual([]);
    expect((await notificationsOf(stranger.cookie)).data).toEqual([]);

    // A truck that does not match, a load, and the owner's own post alert nobody.
    await postTruck(colleague.cookie, { trailerType: 'LOW_SIDED_HOPPER' });
    await send(colleague.cookie, 'POST', '/api/v1/loads', upcomingLoad());
    await postTruck(watcher.cookie);
    expect((await notificationsOf(watcher.cookie)).unreadCount).toBe(1);
  });

  it('page newest first, and are marked read one by one or all at once', async () => {
    const reader = await join(app, owner.cookie, 'watch-reader@example.com');
    await save(reader.cookie, { name: 'Every truck', kind: 'trucks', alert: { inApp: true, email: false } });
    await save(reader.cookie, {
      name: 'Every flatbed',
      kind: 'trucks',
      params: { trailerType: 'FLATBED' },
      alert: { inApp: true, email: false },
    });
    for (let i = 0; i < 3; i++) await postTruck(colleague.cookie, { truckName: `Paged ${i}` });
    const all = await notificationsOf(reader.cookie);
    expect(all.unreadCount).toBe(6);
    expect(all.data.map((n) => n.title)).toEqual([
      'Paged 2',
      'Paged 2',
      'Paged 1',
      'Paged 1',
      'Paged 0',
      'Paged 0',
    ]);

    // A page never ends inside one event's notifications.
    const first = await notificationsOf(reader.cookie, '?limit=3');
    expect(first.data.map((n) => n.title)).toEqual(['Paged 2', 'Paged 2', 'Paged 1', 'Paged 1']);
    const second = await notificationsOf(reader.cookie, `?limit=3&before=${first.nextCursor}`);
    expect(second.data.map((n) => n.title)).toEqual(['Paged 0', 'Paged 0']);
    expect(second.nextCursor).toBeNull();

    // Someone else's ids mark nothing.
    const [newest] = all.data;
    const foreign = await send(colleague.cookie, 'POST', '/api/v1/notifications/read', { ids: [newest?.id] });
    expect(foreign.json()).toEqual({ success: true, marked: 0 });
    const one = await send(reader.cookie, 'POST', '/api/v1/notifications/read', { ids: [newest?.id] });
    expect(one.json()).toEqual({ success: true, marked: 1 });
    const afterOne = await notificationsOf(reader.cookie);
    expect(afterOne.unreadCount).toBe(5);
    expect(afterOne.data.map((n) => n.read)).toEqual([true, false, false, false, false, false]);

    const everything = await send(reader.cookie, 'POST', '/api/v1/notifications/read', {});
    expect(everything.json()).toEqual({ success: true, marked: 5 });
    expect((await notificationsOf(reader.cookie)).unreadCount).toBe(0);
    expect((await notificationsOf(reader.cookie)).data.every((n) => n.read)).toBe(true);
    // Nothing left to read: nothing is written.
    const before = await head();
    expect((await send(reader.cookie, 'POST', '/api/v1/notifications/read', {})).json()).toEqual({
      success: true,
      marked: 0,
    });
    expect(await head()).toBe(before);

    // A newer one is unread again.
    await postTruck(colleague.cookie, { truckName: 'Later', trailerType: 'LOW_SIDED_HOPPER' });
    expect((await notificationsOf(reader.cookie)).unreadCount).toBe(1);
  });
});

describe('alert e-mails', () => {
  const outbox = () => readOutbox(joinPath(app.dataDir, 'outbox'));

  it('are sent exactly once, across concurrent sweeps, repeated sweeps and a restarted sweeper', async () => {
    const mailed = await join(app, owner.cookie, 'watch-mailed@example.com');
    const search = await save(mailed.cookie, {
      name: 'Mailed flatbeds',
      kind: 'trucks',
      params: { trailerType: 'FLATBED' },
      alert: { inApp: true, email: true },
    });
    const truck = await postTruck(colleague.cookie, { truckName: 'Mail Runner' });
    const { infrastructure } = app;
    const sweeperOf = () =>
      notificationMailSweeper({
        quotas: infrastructure.quotas,
        store: infrastructure.eventStore,
        documents: infrastructure.documents,
        mailer: infrastructure.mailer,
        publicUrl: app.url,
        log: { error: () => {} },
      });
    const [first, second] = [sweeperOf(), sweeperOf()];
    // Two processes sweep at once, before the projector has recorded anything.
    const outcomes = await Promise.all([first.sweep(), second.sweep()]);
    expect(outcomes.reduce((sent, outcome) => sent + outcome.sent, 0)).toBe(1);
    expect((await first.sweep()).sent).toBe(0);
    await app.projector.waitFor(await head(), 5000);
    expect(await first.sweep()).toEqual({ sent: 0, skipped: 0, failed: 0, already: 0 });
    // A sweeper of a restarted process: nothing is due any more.
    expect((await sweeperOf().sweep()).sent).toBe(0);

    const mails = (await outbox()).filter(
      (mail) => mail.to === 'watch-mailed@example.com' && mail.subject.startsWith('New match'),
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('New match for "Mailed flatbeds": Mail Runner');
    expect(mail?.text).toContain('Watchful Freight');
    expect(mail?.text).toContain(`${app.url}/watchful-freight/trucks/edit/${truck.id}`);
    const [notification] = (await notificationsOf(mailed.cookie)).data;
    expect(notification).toMatchObject({ savedSearchId: search.id, email: 'sent' });
    expect(notification?.mailedAt).not.toBeNull();
  });

  it('are recorded as failed when the mail server refuses them, and skipped once the alert is off', async () => {
    const unlucky = await join(app, owner.cookie, 'watch-unlucky@example.com');
    const search = await save(unlucky.cookie, {
      name: 'Unlucky',
      kind: 'loads',
      alert: { inApp: true, email: true },
    });
    await send(colleague.cookie, 'POST', '/api/v1/loads', upcomingLoad());
    const refusing: Mailer = {
      send: async () => {
        throw new Error('550 mailbox unavailable');
      },
    };
    const sweeper = notificationMailSweeper({
      quotas: app.infrastructure.quotas,
      store: app.infrastructure.eventStore,
      documents: app.infrastructure.documents,
      mailer: refusing,
      publicUrl: app.url,
      log: { error: () => {} },
    });
    expect((await sweeper.sweep()).failed).toBe(1);
    await app.projector.waitFor(await head(), 5000);
    expect((await notificationsOf(unlucky.cookie)).data[0]?.email).toBe('failed');
    expect((await sweeper.sweep()).failed).toBe(0);

    await send(unlucky.cookie, 'PATCH', `/api/v1/saved-searches/${search.id}`, { alert: { email: false } });
    await send(unlucky.cookie, 'PATCH', `/api/v1/saved-searches/${search.id}`, { alert: { email: true } });
    await send(colleague.cookie, 'POST', '/api/v1/loads', upcomingLoad());
    await send(unlucky.cookie, 'PATCH', `/api/v1/saved-searches/${search.id}`, { alert: { email: false } });
    expect((await sweeper.sweep()).skipped).toBe(1);
    await app.projector.waitFor(await head(), 5000);
    expect((await notificationsOf(unlucky.cookie)).data.map((n) => n.email)).toEqual(['skipped', 'failed']);

    // A search deleted before its e-mail went: skipped, and its notification stays in the bell.
    await send(unlucky.cookie, 'PATCH', `/api/v1/saved-searches/${search.id}`, { alert: { email: true } });
    await send(colleague.cookie, 'POST', '/api/v1/loads', upcomingLoad());
    await send(unlucky.cookie, 'DELETE', `/api/v1/saved-searches/${search.id}`);
    expect((await sweeper.sweep()).skipped).toBe(1);
    await app.projector.waitFor(await head(), 5000);
    expect((await notificationsOf(unlucky.cookie)).data.map((n) => n.email)).toEqual([
      'skipped',
      'skipped',
      'failed',
    ]);
    expect(await sweeper.sweep()).toEqual({ sent: 0, skipped: 0, failed: 0, already: 0 });
  });
});
