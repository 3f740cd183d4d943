import { EVENT_POSITION_HEADER } from '@dispatch/domain';
import { join, ownerWithOrganization, startTestApp, type TestApp, validTruck } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let owner: string;
let member: string;
let other: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = (await ownerWithOrganization(app, 'olive@example.com', 'Olive Freight')).cookie;
  member = (await join(app, owner, 'mo@example.com', 'member')).cookie;
  other = (await ownerWithOrganization(app, 'otto@example.com', 'Otto Hauling')).cookie;
});
afterAll(() => app.stop());

const settled = async () => app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);

async function sessionCommand(cookie: string, method: 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await app.app.inject({
    method,
    url,
    headers: { cookie, origin: app.url },
    ...(payload ? { payload } : {}),
  });
  const position = response.headers[EVENT_POSITION_HEADER];
  if (typeof position === 'string') await app.projector.waitFor(BigInt(position), 5000);
  return response;
}

async function createKey(cookie: string, body: object) {
  const response = await sessionCommand(cookie, 'POST', '/api/v1/api-keys', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { key: { id: string; name: string }; secret: string };
}

const sessionGet = (cookie: string, url: string) =>
  app.app.inject({ method: 'GET', url, headers: { cookie } });
const keyGet = (secret: string, url: string) =>
  app.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });

describe('GET /api/v1/api-keys', () => {
  it("lists the organization's keys newest first, with their status, last use and creator, never a secret", async () => {
    const first = await createKey(owner, { name: 'First', scopes: ['postings:read'] });
    const second = await createKey(owner, {
      name: 'Second',
      scopes: ['activity'],
      expiresAt: new Date(Date.now() + 1000).toISOString(),
    });
    const third = await createKey(owner, { name: 'Third', scopes: ['envelopes'] });
    expect((await keyGet(first.secret, '/api/v1/trucks')).statusCode).toBe(200);
    expect((await sessionCommand(owner, 'DELETE', `/api/v1/api-keys/${third.key.id}`)).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await settled();

    const response = await sessionGet(owner, '/api/v1/api-keys');
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items.map((key: { name: string }) => key.name)).toEqual(['Third', 'Second', 'First']);
    const [revoked, expired, used] = items;
    expect(revoked).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect(expired).toMatchObject({ status: 'expired', revokedAt: null, lastUsedAt: null });
    expect(used).toMatchObject({
      id: first.key.id,
      prefix: `dsp_${first.key.id}`,
      scopes: ['postings:read'],
      createdBy: { name: 'Olive Owner' },
      status: 'active',
      lastUsedAt: expect.any(String),
      expiresAt: null,
      revokedAt: null,
    });
    for (const { secret } of [first, second, third]) {
      expect(response.body).not.toContain(secret.slice(-43));
    }

    // Another organization sees none of them.
    expect((await sessionGet(other, '/api/v1/api-keys')).json()).toEqual({ items: [] });
  });

  it('is for owners and admins with a session', async () => {
    expect((await sessionGet(member, '/api/v1/api-keys')).statusCode).toBe(403);
    const { secret } = await createKey(owner, {
      name: 'Curious',
      scopes: ['postings:read', 'postings:write', 'envelopes', 'webhooks', 'activity'],
    });
    const byKey = await keyGet(secret, '/api/v1/api-keys');
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json()).toMatchObject({ code: 'KEY_NOT_ALLOWED' });
  });
});

describe('reading with a key', () => {
  it('reads postings and cities with postings:read, and not the activity log without its scope', async () => {
    const { secret } = await createKey(owner, { name: 'Reader', scopes: ['postings:read'] });
    expect((await keyGet(secret, '/api/v1/trucks')).statusCode).toBe(200);
    expect((await keyGet(secret, '/api/v1/loads')).statusCode).toBe(200);
    expect((await keyGet(secret, '/api/v1/cities?state=IL&search=Chi')).statusCode).toBe(200);
    const activity = await keyGet(secret, '/api/v1/activity');
    expect(activity.statusCode).toBe(403);
    expect(activity.json()).toMatchObject({
      code: 'MISSING_SCOPE',
      message: 'This API key lacks the activity scope',
    });
    expect((await keyGet(secret, '/api/v1/envelopes')).json()).toMatchObject({ code: 'MISSING_SCOPE' });
    expect((await keyGet(secret, '/api/v1/activity/export.csv')).json()).toMatchObject({
      code: 'KEY_NOT_ALLOWED',
    });
  });

  it("names a key's actions after the key and its creator in the activity log, with its making and revoking", async () => {
    const writer = await createKey(owner, { name: 'TMS sync', scopes: ['postings:write'] });
    const posted = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { authorization: `Bearer ${writer.secret}` },
      payload: validTruck,
    });
    expect(posted.statusCode).toBe(201);
    expect((await sessionCommand(owner, 'DELETE', `/api/v1/api-keys/${writer.key.id}`)).statusCode).toBe(204);
    await settled();

    const reader = await createKey(owner, { name: 'Auditor', scopes: ['activity'] });
    const log = await keyGet(reader.secret, '/api/v1/activity?limit=100');
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json().data as {
      type: string;
      actorId: string;
      actorName: string | null;
      subjectId: string;
    }[];
    const truckPosted = entries.find((entry) => entry.actorId === `apikey:${writer.key.id}`);
    expect(truckPosted).toMatchObject({ type: 'TruckPosted', actorName: 'API key "TMS sync" (Olive Owner)' });
    const ofKey = entries.filter((entry) => entry.subjectId === writer.key.id).map((entry) => entry.type);
    expect(ofKey).toEqual(['ApiKeyRevoked', 'ApiKeyCreated']);
    expect(log.body).not.toContain(writer.secret.slice(-43));
    // Another organization's log has none of it.
    const theirs = await sessionGet(other, '/api/v1/activity?limit=100');
    expect(theirs.body).not.toContain(writer.key.id);
  });
});
