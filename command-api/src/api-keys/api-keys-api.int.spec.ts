import { createHash } from 'node:crypto';
import {
  eventsSince,
  join,
  ownerWithOrganization,
  startTestApp,
  type TestApp,
  validTruck,
} from '@dispatch/test-kit';
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

const sessionRequest = (cookie: string, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  app.app.inject({ method, url, headers: { cookie, origin: app.url }, ...(payload ? { payload } : {}) });

const keyRequest = (
  secret: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  app.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${secret}`, ...headers },
    ...(payload ? { payload } : {}),
  });

async function createKey(cookie: string, body: object) {
  const response = await sessionRequest(cookie, 'POST', '/api/v1/api-keys', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { key: { id: string }; secret: string };
}

describe('making API keys', () => {
  it('answers the key and its secret once, and records only its hash', async () => {
    const from = await app.infrastructure.eventStore.headPosition();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const response = await sessionRequest(owner, 'POST', '/api/v1/api-keys', {
      name: '  TMS sync ',
      scopes: ['postings:read', 'postings:write'],
      expiresAt,
    });
    expect(response.statusCode).toBe(201);
    const { key, secret } = response.json();
    expect(secret).toMatch(/^dsp_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'TMS sync',
      prefix: `dsp_${key.id}`,
      scopes: ['postings:read', 'postings:write'],
      createdBy: { name: 'Olive Owner' },
      lastUsedAt: null,
      expiresAt,
      revokedAt: null,
      status: 'active',
    });
    expect(secret.startsWith(`${key.prefix}_`)).toBe(true);
    const events = await eventsSince(app, from);
    expect(events.map((event) => event.type)).toEqual(['ApiKeyCreated']);
    expect(events[0]?.streamId).toBe(`apikey-${key.id}`);
    expect(events[0]?.data).toMatchObject({
      keyId: key.id,
      secretHash: createHash('sha256').update(secret).digest('hex'),
    });
    const recorded = JSON.stringify(events.map(({ type, data, metadata }) => ({ type, data, metadata })));
    expect(recorded).not.toContain(secret.slice(`${key.prefix}_`.length));
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    for (const body of [
      { name: '', scopes: ['activity'] },
      { name: 'x'.repeat(81), scopes: ['activity'] },
      { name: 'Sync', scopes: [] },
      { name: 'Sync', scopes: ['activity', 'activity'] },
      { name: 'Sync', scopes: ['everything'] },
      { name: 'Sync', scopes: ['activity'], expiresAt: '2001-01-01T00:00:00Z' },
      { name: 'Sync', scopes: ['activity'], orgId: 'elsewhere' },
    ]) {
      const response = await sessionRequest(owner, 'POST', '/api/v1/api-keys', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
  });

  it('is for owners and admins with a session: a member, and a key, are refused', async () => {
    const refused = await sessionRequest(member, 'POST', '/api/v1/api-keys', {
      name: 'Mine',
      scopes: ['activity'],
    });
    expect(refused.statusCode).toBe(403);
    const { secret } = await createKey(owner, { name: 'All', scopes: ['postings:read', 'activity'] });
    const byKey = await keyRequest(secret, 'POST', '/api/v1/api-keys', {
      name: 'Child',
      scopes: ['activity'],
    });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json()).toMatchObject({
      code: 'KEY_NOT_ALLOWED',
      message: 'API keys cannot use this route',
    });
  });
});

describe('calling with a key', () => {
  it("writes postings with the postings:write scope, as the key, from any origin, in the key's organization", async () => {
    const { key, secret } = await createKey(owner, { name: 'Writer', scopes: ['postings:write'] });
    const from = await app.infrastructure.eventStore.headPosition();
    const posted = await keyRequest(secret, 'POST', '/api/v1/trucks', validTruck, {
      origin: 'https://elsewhere.example',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const events = await eventsSince(app, from);
    const truckPosted = events.find((event) => event.type === 'TruckPosted');
    expect(truckPosted?.metadata.actorId).toBe(`apikey:${key.id}`);
    const ownOrganization = (await eventsSince(app, 0n)).find((event) => event.type === 'ApiKeyCreated')
      ?.metadata.orgId;
    expect(truckPosted?.metadata.orgId).toBe(ownOrganization);
    // The body rule still holds for a key.
    const plain = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'text/plain' },
      payload: JSON.stringify(validTruck),
    });
    expect(plain.statusCode).toBe(415);
  });

  it('refuses a write to a key that may only read (403 MISSING_SCOPE), and writes nothing', async () => {
    const { secret } = await createKey(owner, { name: 'Reader', scopes: ['postings:read'] });
    const before = await app.infrastructure.eventStore.headPosition();
    const refused = await keyRequest(secret, 'POST', '/api/v1/trucks', validTruck);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'MISSING_SCOPE',
      message: 'This API key lacks the postings:write scope',
    });
    // The one use of the key is all that was recorded.
    const after = await eventsSince(app, before);
    expect(after.map((event) => event.type)).toEqual(['ApiKeyUsed']);
  });

  it('refuses a key sent with a session cookie (400 KEY_WITH_COOKIE)', async () => {
    const { secret } = await createKey(owner, { name: 'Both', scopes: ['postings:write'] });
    const both = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { authorization: `Bearer ${secret}`, cookie: owner, origin: app.url },
      payload: validTruck,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ code: 'KEY_WITH_COOKIE' });
  });

  it('refuses an unknown or garbled key (401 INVALID_API_KEY) before reading its input', async () => {
    const { secret } = await createKey(owner, { name: 'Real', scopes: ['postings:write'] });
    for (const bearer of [`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, 'dsp_garbled', '']) {
      const response = await keyRequest(bearer, 'POST', '/api/v1/trucks', { nonsense: true });
      expect(response.statusCode, bearer).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: 'INVALID_API_KEY',
        message: 'Invalid API key',
      });
    }
  });

  it('refuses an expired key', async () => {
    const { secret } = await createKey(owner, {
      name: 'Short lived',
      scopes: ['postings:write'],
      expiresAt: new Date(Date.now() + 1200).toISOString(),
    });
    expect((await keyRequest(secret, 'POST', '/api/v1/trucks', validTruck)).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const refused = await keyRequest(secret, 'POST', '/api/v1/trucks', validTruck);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'INVALID_API_KEY' });
  });

  it('refuses a key on a route it is not opened to (403 KEY_NOT_ALLOWED)', async () => {
    const { secret } = await createKey(owner, {
      name: 'Everything',
      scopes: ['postings:read', 'postings:write', 'envelopes', 'webhooks', 'activity'],
    });
    const invite = await keyRequest(secret, 'POST', '/api/v1/organization/invite-member', {
      email: 'eve@example.com',
      role: 'owner',
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json()).toMatchObject({ code: 'KEY_NOT_ALLOWED' });
  });
});

describe('revoking API keys', () => {
  it('refuses the key at once on both APIs; revoking again changes nothing', async () => {
    const { key, secret } = await createKey(owner, {
      name: 'Doomed',
      scopes: ['postings:read', 'postings:write'],
    });
    expect((await keyRequest(secret, 'GET', '/api/v1/trucks')).statusCode).toBe(200);
    expect((await keyRequest(secret, 'POST', '/api/v1/trucks', validTruck)).statusCode).toBe(201);
    const revoked = await sessionRequest(owner, 'DELETE', `/api/v1/api-keys/${key.id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await keyRequest(secret, 'POST', '/api/v1/trucks', validTruck)).statusCode).toBe(401);
    expect((await keyRequest(secret, 'GET', '/api/v1/trucks')).statusCode).toBe(401);
    const before = await app.infrastructure.eventStore.headPosition();
    expect((await sessionRequest(owner, 'DELETE', `/api/v1/api-keys/${key.id}`)).statusCode).toBe(204);
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
  });

  it("answers another organization's key, and a key that does not exist, as not found", async () => {
    const { key, secret } = await createKey(owner, { name: 'Kept', scopes: ['postings:read'] });
    const foreign = await sessionRequest(other, 'DELETE', `/api/v1/api-keys/${key.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', message: 'API key not found' });
    expect((await sessionRequest(owner, 'DELETE', '/api/v1/api-keys/0123456789ab')).statusCode).toBe(404);
    expect((await sessionRequest(owner, 'DELETE', '/api/v1/api-keys/NOT-AN-ID')).statusCode).toBe(400);
    expect((await keyRequest(secret, 'GET', '/api/v1/trucks')).statusCode).toBe(200);
  });
});

describe("a deleted organization's keys", () => {
  it('work no more on either API', async () => {
    const gone = (await ownerWithOrganization(app, 'gale@example.com', 'Gale Freight')).cookie;
    const { secret } = await createKey(gone, { name: 'Orphan', scopes: ['postings:read', 'postings:write'] });
    expect((await keyRequest(secret, 'GET', '/api/v1/trucks')).statusCode).toBe(200);
    const deleted = await sessionRequest(gone, 'POST', '/api/v1/organization/delete', {});
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
    expect((await keyRequest(secret, 'POST', '/api/v1/trucks', validTruck)).statusCode).toBe(401);
    expect((await keyRequest(secret, 'GET', '/api/v1/trucks')).statusCode).toBe(401);
  });
});
