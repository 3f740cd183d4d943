import { SIGN_PRO_FORBIDDEN as SIGN_PRO_FORBIDDEN_MESSAGE } from '@dispatch/auth';
import {
  command,
  EnvelopeHistory,
  join,
  ownerWithOrganization,
  query,
  startTestApp,
  type TestApp,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchNeedle } from './envelopes-page.ts';

/**
 * The envelopes list and its counts (docs/rules.md#validation and docs/rules.md#api-calls) against the rows they must return. The
 * envelopes are written through the event store at chosen instants, then read through the query API;
 * the same suite runs on MongoDB when MONGO_URL is set.
 */

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let other: Awaited<ReturnType<typeof ownerWithOrganization>>;
let ownerId: string;
let plus: { cookie: string; userId: string };
let member: string;
let admin: string;
let envelopes: EnvelopeHistory;

// name → the envelope's facts, as the expectations below read them.
//   e1 Alice Anders  driver  email alice@drivers.example  by owner  sent 01-01  delivered 01-05
//   e2 Bob Brown     driver  SMS   3125550111             by plus   sent 01-02
//   e3 Carla Client  client  email carla@clients.example  by owner  sent 01-03  completed 01-10
//   e4 Dan Driver    driver  email dan@drivers.example    by owner  sent 01-04  resent 01-08
//   e5 Eve Evans     client  email eve@clients.example    by plus   sent 01-06  voided 01-07
//   e6 Finn Fox      driver  email finn@drivers.example   by owner  sent 01-09  reminded 01-11 (no edit)
const E: Record<'e1' | 'e2' | 'e3' | 'e4' | 'e5' | 'e6', string> = {
  e1: '',
  e2: '',
  e3: '',
  e4: '',
  e5: '',
  e6: '',
};
const at = (day: string) => `2026-01-${day}T10:00:00.000Z`;

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithOrganization(app, 'envelope-owner@example.com', 'Envelope List Freight');
  ownerId = (await query(app, owner.cookie, '/api/v1/organization/get-active-member')).json().data.userId;
  other = await ownerWithOrganization(app, 'envelope-other@example.com', 'Envelope Other Freight');
  const joined = await join(app, owner.cookie, 'envelope-plus@example.com', 'member');
  await command(app, owner.cookie, 'update-member-role', { memberId: joined.memberId, role: 'memberPlus' });
  plus = joined;
  member = (await join(app, owner.cookie, 'envelope-member@example.com', 'member')).cookie;
  admin = (await join(app, owner.cookie, 'envelope-admin@example.com', 'admin')).cookie;

  envelopes = new EnvelopeHistory(app, owner.organization.id);
  E.e1 = await envelopes.send(
    { receiverName: 'Alice Anders', receiverEmail: 'alice@drivers.example' },
    at('01'),
    ownerId,
  );
  E.e2 = await envelopes.send(
    { receiverName: 'Bob Brown', deliveryMethod: 'SMS', receiverPhoneNumber: '3125550111' },
    at('02'),
    plus.userId,
  );
  E.e3 = await envelopes.send(
    { receiverName: 'Carla Client', receiverEmail: 'carla@clients.example', type: 'client' },
    at('03'),
    ownerId,
  );
  E.e4 = await envelopes.send(
    { receiverName: 'Dan Driver', receiverEmail: 'dan@drivers.example' },
    at('04'),
    ownerId,
  );
  await envelopes.deliver(E.e1, at('05'));
  E.e5 = await envelopes.send(
    { receiverName: 'Eve Evans', receiverEmail: 'eve@clients.example', type: 'client' },
    at('06'),
    plus.userId,
  );
  await envelopes.void(E.e5, at('07'), plus.userId, 'Wrong receiver');
  await envelopes.resend(E.e4, at('08'), ownerId);
  E.e6 = await envelopes.send(
    { receiverName: 'Finn Fox', receiverEmail: 'finn@drivers.example' },
    at('09'),
    ownerId,
  );
  await envelopes.complete(E.e3, at('10'), 'Carla Client');
  await envelopes.remind(E.e6, 1, at('11'));
  // Another organization's envelope matches most filters; it must never show.
  await new EnvelopeHistory(app, other.organization.id).send(
    { receiverName: 'Alice Anders', receiverEmail: 'alice@drivers.example' },
    at('01'),
    ownerId,
  );
  await envelopes.projected();
});
afterAll(() => app.stop());

async function list(search: string, cookie = owner.cookie) {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/v1/envelopes?${search}`,
    headers: { cookie, 'x-min-position': envelopes.position.toString() },
  });
  return { status: response.statusCode, body: response.json() };
}

/** The envelope names a query lists, in order, after checking the paging figures agree with them. */
async function names(search: string): Promise<string[]> {
  const { status, body } = await list(search);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.count).toBe(body.data.length);
  expect(body.totalPages).toBe(Math.ceil(body.totalCount / body.limit));
  const byId = Object.fromEntries(Object.entries(E).map(([name, id]) => [id, name]));
  return body.data.map(
    (envelope: { envelopeId: string }) => byId[envelope.envelopeId] ?? envelope.envelopeId,
  );
}

/** The names of a whole (unpaged) result, whose totalCount must agree. */
async function all(search: string): Promise<string[]> {
  const { body } = await list(`limit=100&${search}`);
  expect(body.totalCount, search).toBe(body.data.length);
  return names(`limit=100&${search}`);
}

describe('envelopes list: paging and order', () => {
  it('defaults to 10 per page, page 1, latest change first, with every field of the envelope', async () => {
    const { body } = await list('');
    expect(body).toMatchObject({ success: true, limit: 10, page: 1, count: 6, totalCount: 6, totalPages: 1 });
    expect(await names('')).toEqual(['e3', 'e6', 'e4', 'e5', 'e1', 'e2']);
    const carla = body.data[0];
    expect(carla).toMatchObject({
      id: expect.any(Number),
      envelopeId: E.e3,
      envelopeStatus: 'completed',
      type: 'client',
      templateId: 'client-agreement',
      signerName: 'Carla Client',
      signedOn: at('10'),
      isActive: false,
      organizationId: owner.organization.id,
      createdBy: ownerId,
      nextReminderAt: null,
    });
    // What the projector keeps to filter by stays in the read model.
    expect(carla).not.toHaveProperty('orgId');
    expect(carla).not.toHaveProperty('searchText');
    expect(carla).not.toHaveProperty('dueAt');
    expect(carla).not.toHaveProperty('position');
  });

  it('pages from 1 with limit', async () => {
    expect(await names('limit=2&page=1')).toEqual(['e3', 'e6']);
    expect(await names('limit=2&page=2')).toEqual(['e4', 'e5']);
    expect(await names('limit=2&page=3')).toEqual(['e1', 'e2']);
    expect(await names('limit=2&page=4')).toEqual([]);
    expect((await list('limit=4&page=2')).body).toMatchObject({
      totalCount: 6,
      totalPages: 2,
      count: 2,
      page: 2,
    });
  });

  it('orders by updatedAt, createdAt or lastSentAt, either way', async () => {
    expect(await names('orderBy=updatedAt&sort=asc')).toEqual(['e2', 'e1', 'e5', 'e4', 'e6', 'e3']);
    expect(await names('orderBy=createdAt')).toEqual(['e6', 'e5', 'e4', 'e3', 'e2', 'e1']);
    expect(await names('orderBy=createdAt&sort=asc')).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
    // Resending puts Dan's envelope among the recently sent: ascending, the longest-waiting come first.
    expect(await names('orderBy=lastSentAt&sort=asc')).toEqual(['e1', 'e2', 'e3', 'e5', 'e4', 'e6']);
  });
});

describe('envelopes list: filters', () => {
  it('filters by one status or several', async () => {
    expect(await all('status=sent')).toEqual(['e6', 'e2']);
    expect(await all('status=sent,resent')).toEqual(['e6', 'e4', 'e2']);
    expect(await all('status=sent&status=delivered')).toEqual(['e6', 'e1', 'e2']);
    expect(await all('status=rejected')).toEqual([]);
    expect((await list('status=sent&limit=1')).body).toMatchObject({
      count: 1,
      totalCount: 2,
      totalPages: 2,
    });
  });

  it('filters by type, alone and with a status', async () => {
    expect(await all('type=client')).toEqual(['e3', 'e5']);
    expect(await all('type=driver&status=sent,delivered')).toEqual(['e6', 'e1', 'e2']);
    expect(await all('type=client&status=sent')).toEqual([]);
  });

  it("searches the receiver's name, e-mail and phone number, ignoring case", async () => {
    expect(await all('search=ALICE')).toEqual(['e1']);
    expect(await all('search=drivers.example')).toEqual(['e6', 'e4', 'e1']);
    expect(await all('search=555011')).toEqual(['e2']);
    // A phone number as people type it is looked up by its digits.
    expect(await all(`search=${encodeURIComponent('(312) 555-0111')}`)).toEqual(['e2']);
    // Two characters, below the text index's trigrams, are matched all the same.
    expect(await all('search=ev')).toEqual(['e5']);
    expect(await all('search=nobody')).toEqual([]);
    expect(await all('search=fox&status=sent')).toEqual(['e6']);
  });

  it('filters by creator', async () => {
    expect(await all(`createdBy=${plus.userId}`)).toEqual(['e5', 'e2']);
    expect(await all(`createdBy=${ownerId}&type=client`)).toEqual(['e3']);
  });

  it('compares dates of creation (the default) or of the last change', async () => {
    // Listed in the default order, latest change first.
    expect(await all('startDate=2026-01-04T00:00:00.000Z')).toEqual(['e6', 'e4', 'e5']);
    expect(await all('startDate=2026-01-04T10:00:00.000Z&dateOperation=gt')).toEqual(['e6', 'e5']);
    expect(await all('startDate=2026-01-03T10:00:00.000Z&dateOperation=eq')).toEqual(['e3']);
    expect(await all('dateField=updatedAt&startDate=2026-01-08T00:00:00.000Z')).toEqual(['e3', 'e6', 'e4']);
    expect(
      await all('dateField=updatedAt&startDate=2026-01-02T00:00:00.000Z&endDate=2026-01-07T23:59:59.000Z'),
    ).toEqual(['e5', 'e1', 'e2']);
  });

  it('refuses bad parameters with 400 and a message per field', async () => {
    const { status, body } = await list('page=0&limit=101&status=signed&orderBy=receiverName&type=truck');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Invalid query parameters',
    });
    expect(body.errors.page).toEqual(['Page must be at least 1']);
    expect(body.errors.limit).toEqual(['Limit cannot be more than 100']);
    expect(body.errors.type).toEqual(['Type must be driver or client']);
    expect(Object.keys(body.errors).sort()).toEqual(['limit', 'orderBy', 'page', 'status.0', 'type']);
    const dates = await list('startDate=2026-02-30&dateOperation=after');
    expect(dates.status).toBe(400);
    expect(Object.keys(dates.body.errors).sort()).toEqual(['dateOperation', 'startDate']);
    const unknown = await list('receiverName=Alice');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.errors)).toContain('receiverName');
  });

  it('reads the phone digits out of a search, and leaves other text as it is', () => {
    expect(searchNeedle(' +1 (312) 555-0111 ')).toBe('3125550111');
    expect(searchNeedle('312.555')).toBe('312555');
    expect(searchNeedle('Rita@Example.COM')).toBe('rita@example.com');
    expect(searchNeedle('Route 66')).toBe('route 66');
  });
});

describe('envelopes counts', () => {
  const counts = async (search: string, cookie = owner.cookie) => {
    const response = await query(app, cookie, `/api/v1/envelopes/counts${search}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    return Object.fromEntries(
      body.data.map((row: { envelopeStatus: string; count: number }) => [row.envelopeStatus, row.count]),
    );
  };

  it('counts every status, zeros included, both types or one', async () => {
    expect(await counts('')).toEqual({
      sent: 2,
      resent: 1,
      delivered: 1,
      completed: 1,
      rejected: 0,
      voided: 1,
      cancelled: 0,
    });
    expect(await counts('?type=driver')).toEqual({
      sent: 2,
      resent: 1,
      delivered: 1,
      completed: 0,
      rejected: 0,
      voided: 0,
      cancelled: 0,
    });
    expect(await counts('?type=client')).toMatchObject({ sent: 0, completed: 1, voided: 1 });
    const response = await query(app, owner.cookie, '/api/v1/envelopes/counts');
    expect(response.json().data.map((row: { envelopeStatus: string }) => row.envelopeStatus)).toEqual([
      'sent',
      'resent',
      'delivered',
      'completed',
      'rejected',
      'voided',
      'cancelled',
    ]);
  });

  it('follows each envelope from status to status', async () => {
    const fresh = await ownerWithOrganization(app, 'envelope-counts@example.com', 'Envelope Counts Freight');
    const history = new EnvelopeHistory(app, fresh.organization.id);
    const a = await history.send({}, at('01'), 'someone');
    const b = await history.send({}, at('01'), 'someone');
    const c = await history.send({ type: 'client' }, at('01'), 'someone');
    await history.projected();
    expect(await counts('', fresh.cookie)).toMatchObject({ sent: 3, delivered: 0 });

    await history.remind(a, 1, at('03'));
    await history.issueLink(a, at('03'), 'someone');
    await history.deliver(a, at('04'));
    await history.deliver(c, at('04'));
    await history.projected();
    expect(await counts('', fresh.cookie)).toMatchObject({ sent: 1, delivered: 2 });

    await history.reject(a, at('05'), 'Not me');
    await history.resend(c, at('05'), 'someone');
    await history.cancel(b, at('06'));
    await history.projected();
    expect(await counts('', fresh.cookie)).toEqual({
      sent: 0,
      resent: 1,
      delivered: 0,
      completed: 0,
      rejected: 1,
      voided: 0,
      cancelled: 1,
    });
    expect(await counts('?type=client', fresh.cookie)).toMatchObject({ resent: 1, rejected: 0 });
    // The list's totals for a status come from the same counters.
    const page = (await list('status=rejected,cancelled', fresh.cookie)).body;
    expect(page).toMatchObject({ totalCount: 2, count: 2 });
  });

  it('refuses an unknown type with 400', async () => {
    const response = await query(app, owner.cookie, '/api/v1/envelopes/counts?type=truck');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ type: ['Type must be driver or client'] });
  });
});

describe('envelopes: who may read them', () => {
  it('answers owners, admins and Member+, and refuses a plain member with 403', async () => {
    expect((await list('', admin)).status).toBe(200);
    expect((await list('', plus.cookie)).body.totalCount).toBe(6);
    for (const url of ['/api/v1/envelopes', '/api/v1/envelopes/counts']) {
      const refused = await query(app, member, url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: SIGN_PRO_FORBIDDEN_MESSAGE,
      });
    }
    expect((await app.app.inject({ method: 'GET', url: '/api/v1/envelopes' })).statusCode).toBe(401);
  });

  it("never lists nor counts another organization's envelopes", async () => {
    const theirs = await list('limit=100', other.cookie);
    expect(theirs.body.totalCount).toBe(1);
    expect(theirs.body.data[0].organizationId).toBe(other.organization.id);
    const counted = (await query(app, other.cookie, '/api/v1/envelopes/counts')).json();
    expect(counted.data.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(1);
  });
});
