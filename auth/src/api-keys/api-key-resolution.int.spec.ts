import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_KEY_SCHEMA_VERSION, type ApiKeyEvent, apiKeyStream } from '@dispatch/domain';
import { type EventStore, eventMetadata, newEventId, openSqliteEventStore } from '@dispatch/storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_CACHE_MS, apiKeyResolver } from './api-key-resolution.ts';
import { newApiKeySecret } from './api-key-secrets.ts';

let dir: string;
let store: EventStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dispatch-api-keys-'));
  store = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function append(keyId: string, event: ApiKeyEvent, at = new Date()) {
  const metadata = eventMetadata(
    { orgId: 'org-a', actorId: 'user-a', correlationId: 'c', causationId: null, occurredAt: at },
    API_KEY_SCHEMA_VERSION,
  );
  await store.append(
    apiKeyStream(keyId),
    [{ id: newEventId(), type: event.type, data: event.data, metadata }],
    {
      expected: 'any',
    },
  );
}

async function newKey(expiresAt: string | null = null) {
  const made = newApiKeySecret();
  await append(made.keyId, {
    type: 'ApiKeyCreated',
    data: {
      keyId: made.keyId,
      orgId: 'org-a',
      name: 'Sync',
      scopes: ['postings:read'],
      secretHash: made.secretHash,
      expiresAt,
      createdBy: 'user-a',
    },
  });
  return made;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('resolving API keys', () => {
  it("finds a key by its secret, and nothing by another secret of the key's shape", async () => {
    const { keyId, secret } = await newKey();
    const resolve = apiKeyResolver(store);
    expect(await resolve(secret)).toEqual({
      id: keyId,
      orgId: 'org-a',
      name: 'Sync',
      scopes: ['postings:read'],
      createdBy: 'user-a',
    });
    const forged = `${secret.slice(0, -4)}${secret.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect(await resolve(forged)).toBeNull();
    expect(await resolve(`dsp_${keyId}_short`)).toBeNull();
    expect(await resolve('not a key')).toBeNull();
    expect(await resolve(newApiKeySecret().secret)).toBeNull();
  });

  it('refuses a key revoked by another process within the cache window', async () => {
    const { keyId, secret } = await newKey();
    const resolve = apiKeyResolver(store);
    expect(await resolve(secret)).not.toBeNull();
    // Another process revokes: this one's cache does not hear of it, and holds at most API_KEY_CACHE_MS.
    await append(keyId, { type: 'ApiKeyRevoked', data: { keyId, revokedBy: 'user-a' } });
    await sleep(API_KEY_CACHE_MS + 50);
    expect(await resolve(secret)).toBeNull();
  });

  it('refuses a key past its expiry', async () => {
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    const { secret } = await newKey(expiresAt);
    let now = new Date();
    const resolve = apiKeyResolver(store, { now: () => now });
    expect(await resolve(secret)).not.toBeNull();
    now = new Date(Date.parse(expiresAt));
    expect(await resolve(secret)).toBeNull();
  });

  it('records a use at most once a minute per key', async () => {
    const { keyId, secret } = await newKey();
    let now = new Date('2030-01-01T00:00:00.000Z');
    const resolve = apiKeyResolver(store, { now: () => now });
    await resolve(secret);
    await resolve(secret);
    now = new Date('2030-01-01T00:00:59.000Z');
    await resolve(secret);
    now = new Date('2030-01-01T00:01:00.000Z');
    await resolve(secret);
    const uses = (await store.readStream(apiKeyStream(keyId))).filter((event) => event.type === 'ApiKeyUsed');
    expect(uses.map((event) => event.data)).toEqual([
      { at: '2030-01-01T00:00:00.000Z' },
      { at: '2030-01-01T00:01:00.000Z' },
    ]);
    expect(uses[0]?.metadata.actorId).toBe(`apikey:${keyId}`);
  });

  it('serves the request when its use cannot be recorded', async () => {
    const { keyId, secret } = await newKey();
    const failing = new Proxy(store, {
      get(target, property) {
        if (property === 'append') return () => Promise.reject(new Error('disk full'));
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const errors: unknown[] = [];
    const log = { error: (...args: unknown[]) => errors.push(args) } as never;
    expect((await apiKeyResolver(failing, { log })(secret))?.id).toBe(keyId);
    expect(errors).toHaveLength(1);
  });
});
