import type { ActivityEntry } from '@dispatch/domain';
import { activityPageAnswerSchema } from '@dispatch/domain';
import {
  command,
  EnvelopeHistory,
  join,
  ownerWithOrganization,
  PostingHistory,
  query,
  receiverClient,
  startTestApp,
  type TestApp,
  TINY_PNG_SIGNATURE,
  validLoad,
  validTruck,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let admin: Awaited<ReturnType<typeof join>>;
let member: Awaited<ReturnType<typeof join>>;
let plus: Awaited<ReturnType<typeof join>>;
let stranger: Awaited<ReturnType<typeof ownerWithOrganization>>;
let ownerUserId: string;
let truckId: number;
let loadId: number;
let strangerTruckId: number;
let envelopeId: string;
let teamId: string;

const AGENT = 'AuditTest/1.0 (activity)';

async function send(cookie: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const response = await app.app.inject({
    method,
    url,
    headers: { cookie, origin: app.url, 'user-agent': AGENT },
    remoteAddress: '203.0.113.9',
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  const position = response.headers['x-event-position'];
  if (typeof position === 'string') await app.projector.waitFor(BigInt(position), 5000);
  return response.body ? response.json() : null;
}

/** Every entry the owner sees with `search` (every page, 100 at a time). */
async function all(search = '', cookie = owner.cookie): Promise<ActivityEntry[]> {
  const entries: ActivityEntry[] = [];
  let before: string | null = null;
  do {
    const cursor: string = before ? `&before=${before}` : '';
    const response = await query(app, cookie, `/api/v1/activity?limit=100${search}${cursor}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = activityPageAnswerSchema.parse(response.json());
    entries.push(...page.data);
    before = page.nextCursor;
  } while (before);
  return entries;
}

const types = (entries: ActivityEntry[]) => entries.map((entry) => entry.type);

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithOrganization(app, 'olive.activity@example.com', 'Activity Freight');
  ownerUserId = (await query(app, owner.cookie, '/api/v1/organization/get-active-member')).json().data.userId;
  admin = await join(app, owner.cookie, 'ada.activity@example.com', 'admin');
  member = await join(app, owner.cookie, 'mo.activity@example.com', 'member');
  plus = await join(app, owner.cookie, 'pat.activity@example.com', 'member');
  await command(app, owner.cookie, 'update-member-role', { memberId: plus.memberId, role: 'memberPlus' });

  truckId = (await send(owner.cookie, 'POST', '/api/v1/trucks', { ...validTruck, truckName: 'Big Blue' })).id;
  await send(owner.cookie, 'PATCH', `/api/v1/trucks/${truckId}`, {
    status: false,
    truckCity: 'Peoria',
    truckName: 'Big Blue',
  });
  loadId = (await send(admin.cookie, 'POST', '/api/v1/loads', validLoad)).id;
  await send(admin.cookie, 'DELETE', `/api/v1/loads/${loadId}`);
  teamId = (await send(owner.cookie, 'POST', '/api/v1/organization/create-team', { name: 'Night Shift' }))
    .data.id;
  await send(owner.cookie, 'POST', '/api/v1/organization/add-team-member', { teamId, userId: admin.userId });

  const orgId = owner.organization.id;
  const envelopes = new EnvelopeHistory(app, orgId);
  envelopeId = await envelopes.send(
    { receiverName: 'Rita Receiver' },
    '2026-03-01T10:00:00.000Z',
    ownerUserId,
  );
  await envelopes.deliver(envelopeId, '2026-03-01T11:00:00.000Z');
  await envelopes.complete(envelopeId, '2026-03-01T11:05:00.000Z', 'Rita Receiver', TINY_PNG_SIGNATURE);
  await envelopes.projected();

  stranger = await ownerWithOrganization(app, 'stan.activity@example.com', 'Elsewhere Haulage');
  strangerTruckId = (
    await send(stranger.cookie, 'POST', '/api/v1/trucks', { ...validTruck, truckName: 'Stranger Rig' })
  ).id;
});
afterAll(() => app.stop());

describe('GET /api/v1/activity', () => {
  it('lists the organization’s events newest first: who, when, from where, what, and what changed', async () => {
    const entries = await all();
    const positions = entries.map((entry) => BigInt(entry.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(types(entries).at(-1)).toBe('OrganizationCreated');
    // The creator is named although the event that makes them a member comes after.
    expect(entries.at(-1)).toMatchObject({
      actorId: ownerUserId,
      actorName: 'Olive Owner',
      kind: 'organization',
    });

    const edit = entries.find((entry) => entry.type === 'TruckUpdated');
    expect(edit).toMatchObject({
      kind: 'truck',
      subjectId: String(truckId),
      subjectLabel: 'Big Blue',
      subjectType: null,
      actorId: ownerUserId,
      actorName: 'Olive Owner',
      ip: '203.0.113.9',
      userAgent: AGENT,
      correlationId: expect.any(String),
    });
    // Only the fields the edit changed: the name it sent unchanged is not listed.
    expect(edit?.changes).toHaveLength(2);
    expect(edit?.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', from: true, to: false },
        { field: 'truckCity', from: 'Chicago', to: 'Peoria' },
      ]),
    );
    const posted = entries.find((entry) => entry.type === 'TruckPosted');
    expect(posted?.changes).toEqual(
      expect.arrayContaining([
        { field: 'truckName', from: null, to: 'Big Blue' },
        { field: 'trailerType', from: null, to: 'FLATBED' },
      ]),
    );
    const removed = entries.find((entry) => entry.type === 'LoadRemoved');
    expect(removed).toMatchObject({
      kind: 'load',
      subjectId: String(loadId),
      subjectLabel: 'Des Moines, IA → Chicago, IL',
      actorId: admin.userId,
      actorName: 'ada.activity',
      changes: [],
    });
  });

  it('records the organization’s own events: members, roles, invitations, teams', async () => {
    const entries = await all();
    expect(entries.find((entry) => entry.type === 'MemberRoleChanged')).toMatchObject({
      kind: 'member',
      subjectId: plus.memberId,
      subjectLabel: 'pat.activity@example.com',
      changes: [{ field: 'role', from: 'member', to: 'memberPlus' }],
    });
    const joined = entries.find(
      (entry) => entry.type === 'MemberAdded' && entry.subjectId === admin.memberId,
    );
    expect(joined).toMatchObject({ actorId: admin.userId, actorName: 'ada.activity' });
    expect(joined?.changes).toContainEqual({ field: 'role', from: null, to: 'admin' });
    const invited = entries.find(
      (entry) => entry.type === 'InvitationSent' && entry.subjectLabel === 'mo.activity@example.com',
    );
    expect(invited).toMatchObject({ kind: 'invitation', actorName: 'Olive Owner' });
    expect(
      entries.find((entry) => entry.type === 'InvitationAccepted' && entry.actorId === member.userId),
    ).toMatchObject({ changes: [{ field: 'status', from: 'pending', to: 'accepted' }] });
    expect(entries.find((entry) => entry.type === 'TeamMemberAdded')).toMatchObject({
      kind: 'team',
      subjectId: teamId,
      subjectLabel: 'Night Shift',
      changes: [{ field: 'member', from: null, to: 'ada.activity' }],
    });
  });

  it('records an envelope’s life without its secrets: the receiver’s name and address, never a hash or a signature', async () => {
    const entries = await all('&kind=envelope');
    expect(types(entries)).toEqual(['EnvelopeCompleted', 'EnvelopeDelivered', 'EnvelopeSent']);
    const [completed, delivered, sent] = entries;
    expect(sent).toMatchObject({
      subjectId: envelopeId,
      subjectLabel: 'Rita Receiver (rita@example.com)',
      subjectType: 'driver',
      actorName: 'Sam Sender',
    });
    expect(sent?.changes).toContainEqual({ field: 'envelopeStatus', from: null, to: 'sent' });
    expect(delivered).toMatchObject({
      actorId: `receiver:${envelopeId}`,
      actorName: 'Rita Receiver',
      ip: receiverClient.ip,
      userAgent: receiverClient.userAgent,
      changes: [{ field: 'envelopeStatus', from: 'sent', to: 'delivered' }],
    });
    expect(completed?.changes).toEqual([
      { field: 'signerName', from: null, to: 'Rita Receiver' },
      { field: 'signature', from: null, to: 'drawn' },
      { field: 'envelopeStatus', from: 'delivered', to: 'completed' },
    ]);
    const body = JSON.stringify(entries);
    expect(body).not.toContain('token-hash');
    expect(body).not.toContain('data:image');
  });

  it('filters by actor, one kind or several, subject and text', async () => {
    const byAdmin = await all(`&actor=${admin.userId}`);
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(new Set(byAdmin.map((entry) => entry.actorId))).toEqual(new Set([admin.userId]));
    expect(types(byAdmin)).toEqual(expect.arrayContaining(['LoadPosted', 'LoadRemoved', 'MemberAdded']));

    expect(types(await all('&kind=truck'))).toEqual(['TruckUpdated', 'TruckPosted']);
    const postings = await all('&kind=truck&kind=load');
    expect(new Set(postings.map((entry) => entry.kind))).toEqual(new Set(['truck', 'load']));
    expect(types(await all('&kind=truck,load'))).toEqual(types(postings));
    expect(postings).toHaveLength(4);

    // Trucks and loads are numbered apart: a number names a truck with kind=truck.
    expect(types(await all(`&kind=truck&subject=${truckId}`))).toEqual(['TruckUpdated', 'TruckPosted']);
    expect(types(await all(`&subject=${teamId}`))).toEqual(['TeamMemberAdded', 'TeamCreated']);
    expect(types(await all('&subject=no-such-record'))).toEqual([]);

    // Text matches the subject, the actor's name, the type and the values set, whatever the case.
    expect(types(await all('&text=PEORIA'))).toEqual(['TruckUpdated']);
    expect(types(await all('&text=big%20blue'))).toEqual(['TruckUpdated', 'TruckPosted']);
    expect(types(await all('&text=night%20shift'))).toEqual(['TeamMemberAdded', 'TeamCreated']);
    const ada = await all('&text=ADA.activity');
    expect(ada.length).toBeGreaterThan(3);
    for (const entry of ada) expect(JSON.stringify(entry).toLowerCase()).toContain('ada.activity');
    // Filters combine.
    expect(types(await all(`&kind=load&actor=${ownerUserId}`))).toEqual([]);
  });

  it('filters by the period the events happened in, a date alone covering its whole day', async () => {
    const history = new PostingHistory(app, owner.organization.id);
    await history.postTruck(900_001, { truckName: 'Dated One' }, '2026-04-01T08:00:00.000Z', ownerUserId);
    await history.updateTruck(900_001, { truckCity: 'Joliet' }, '2026-04-02T23:30:00.000Z', ownerUserId);
    await history.removeTruck(900_001, '2026-04-03T00:30:00.000Z', ownerUserId);
    await app.projector.waitFor(history.position, 5000);
    const dated = (search: string) => all(`&kind=truck&subject=900001${search}`).then(types);
    expect(await dated('&startDate=2026-04-02')).toEqual(['TruckRemoved', 'TruckUpdated']);
    expect(await dated('&endDate=2026-04-02')).toEqual(['TruckUpdated', 'TruckPosted']);
    expect(await dated('&startDate=2026-04-02&endDate=2026-04-02')).toEqual(['TruckUpdated']);
    expect(await dated('&startDate=2026-04-02T23:30:00.001Z')).toEqual(['TruckRemoved']);
    expect(await dated('&endDate=2026-04-01T07:59:59Z')).toEqual([]);
  });

  it('pages by position: `before` the previous page’s cursor, no entry twice or skipped, null after the last', async () => {
    const everything = await all();
    const seen: ActivityEntry[] = [];
    let before = '';
    for (let pages = 0; pages < 100; pages++) {
      const response = await query(app, owner.cookie, `/api/v1/activity?limit=3${before}`);
      const page = activityPageAnswerSchema.parse(response.json());
      seen.push(...page.data);
      if (!page.nextCursor) break;
      expect(page.data).toHaveLength(3);
      expect(page.nextCursor).toBe(page.data.at(-1)?.position);
      before = `&before=${page.nextCursor}`;
    }
    expect(seen.map((entry) => entry.position)).toEqual(everything.map((entry) => entry.position));
    // The default page holds 50.
    const first = activityPageAnswerSchema.parse((await query(app, owner.cookie, '/api/v1/activity')).json());
    expect(first.data).toHaveLength(Math.min(50, everything.length));
    // A cursor older than everything answers an empty page.
    const oldest = everything.at(-1)?.position ?? '1';
    const none = (await query(app, owner.cookie, `/api/v1/activity?before=${oldest}`)).json();
    expect(none).toEqual({ success: true, data: [], nextCursor: null });
  });

  it('is the session’s organization’s only: another organization’s events never appear', async () => {
    const mine = JSON.stringify(await all());
    expect(mine).not.toContain('Stranger Rig');
    expect(mine).not.toContain(stranger.organization.id);
    expect(await all(`&subject=${strangerTruckId}`)).toEqual([]);
    const theirs = await all('', stranger.cookie);
    expect(theirs.map((entry) => entry.type)).toEqual(['TruckPosted', 'MemberAdded', 'OrganizationCreated']);
    expect(JSON.stringify(theirs)).not.toContain('Big Blue');
  });

  it('is for owners and admins: a member or Member+ gets 403, no session 401', async () => {
    expect((await query(app, admin.cookie, '/api/v1/activity')).statusCode).toBe(200);
    for (const cookie of [member.cookie, plus.cookie]) {
      for (const path of ['/api/v1/activity', '/api/v1/activity/export.csv']) {
        const refused = await query(app, cookie, path);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({
          success: false,
          code: 'FORBIDDEN',
          message: 'Only owners and admins may see the activity log',
        });
      }
    }
    expect((await app.app.inject({ method: 'GET', url: '/api/v1/activity' })).statusCode).toBe(401);
  });

  it('refuses bad parameters with 400, naming each field', async () => {
    const refusals: [string, string, string][] = [
      ['limit=0', 'limit', 'Limit must be at least 1'],
      ['limit=101', 'limit', 'Limit cannot be more than 100'],
      ['limit=1e2', 'limit', 'Limit must be a whole number'],
      ['before=abc', 'before', 'Before must be a position of the log: a whole number of at most 20 digits'],
      [
        'before=123456789012345678901',
        'before',
        'Before must be a position of the log: a whole number of at most 20 digits',
      ],
      ['startDate=2026-02-30', 'startDate', 'Start date must be a real date between 1970 and 2200'],
      ['endDate=yesterday', 'endDate', 'End date must be a real date between 1970 and 2200'],
      ['startDate=2026-05-02&endDate=2026-05-01', 'endDate', 'End date cannot be before the start date'],
      [`text=${'x'.repeat(101)}`, 'text', 'Text cannot be more than 100 characters'],
      [`actor=${'u'.repeat(201)}`, 'actor', 'Actor cannot be more than 200 characters'],
    ];
    for (const [search, field, message] of refusals) {
      const response = await query(app, owner.cookie, `/api/v1/activity?${search}`);
      expect(response.statusCode, search).toBe(400);
      expect(response.json(), search).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        errors: { [field]: [message] },
      });
    }
    const kind = await query(app, owner.cookie, '/api/v1/activity?kind=spaceship');
    expect(kind.statusCode).toBe(400);
    expect(Object.keys(kind.json().errors)).toEqual(['kind.0']);
    const unknown = await query(app, owner.cookie, '/api/v1/activity?page=2');
    expect(unknown.statusCode).toBe(400);
    // The export takes the filters only: paging is the server's.
    expect((await query(app, owner.cookie, '/api/v1/activity/export.csv?limit=10')).statusCode).toBe(400);
    expect((await query(app, owner.cookie, '/api/v1/activity/export.csv?kind=nope')).statusCode).toBe(400);
  });
});
