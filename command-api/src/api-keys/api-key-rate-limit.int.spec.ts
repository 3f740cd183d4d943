import { ownerWithOrganization, startTestApp, type TestApp } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let owner: string;

beforeAll(async () => {
  app = await startTestApp({ env: { API_KEY_RATE_LIMIT: '3' } });
  owner = (await ownerWithOrganization(app, 'olive@example.com', 'Olive Freight')).cookie;
});
afterAll(() => app.stop());

async function newSecret() {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { cookie: owner, origin: app.url },
    payload: { name: 'Busy', scopes: ['postings:read', 'postings:write'] },
  });
  return response.json().secret as string;
}

const get = (secret: string, url = '/api/v1/trucks') =>
  app.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });

describe('the per-key rate limit (API_KEY_RATE_LIMIT)', () => {
  it('answers 429 with retry-after past the limit, per key, in the error shape', async () => {
    const busy = await newSecret();
    for (let i = 0; i < 3; i++) expect((await get(busy)).statusCode).toBe(200);
    const limited = await get(busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // The command side counts the key too.
    const writes = [];
    for (let i = 0; i < 4; i++) {
      writes.push(
        (
          await app.app.inject({
            method: 'DELETE',
            url: '/api/v1/trucks/999999',
            headers: { authorization: `Bearer ${busy}` },
          })
        ).statusCode,
      );
    }
    expect(writes).toEqual([404, 404, 404, 429]);
    // Another key, and the session, are not held back by it.
    expect((await get(await newSecret())).statusCode).toBe(200);
    const bySession = await app.app.inject({
      method: 'GET',
      url: '/api/v1/trucks',
      headers: { cookie: owner },
    });
    expect(bySession.statusCode).toBe(200);
  });
});
