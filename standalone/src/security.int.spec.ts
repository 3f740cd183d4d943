import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, verifiedUser } from './organization-fixtures.ts';
import {
  createOrganization,
  requestsWith,
  startTestApp,
  type TestApp,
  validLoad,
  validTruck,
} from './test-support.ts';

/** What an outside probe got through, each as the request it sent. */

let app: TestApp;
let cookie: string;
const inject = requestsWith(() => app);

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  cookie = await verifiedUser(app, 'security-owner@example.com');
  await createOrganization(app, cookie, 'Security Freight');
});
afterAll(() => app.stop());

const badSignIn = (target: TestApp, forwardedFor: string) =>
  target.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: target.url, 'x-forwarded-for': forwardedFor },
    remoteAddress: '192.0.2.50',
    payload: { email: 'security-owner@example.com', password: 'not the password' },
  });

describe('the client address', () => {
  it('ignores X-Forwarded-For without TRUSTED_PROXIES: rotating it does not reset the sign-in limit', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await badSignIn(app, `203.0.113.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('believes X-Forwarded-For from the proxies TRUSTED_PROXIES names', async () => {
    const proxied = await startTestApp({ env: { TRUSTED_PROXIES: '192.0.2.0/24' } });
    try {
      await proxied.infrastructure.auth.createUser({
        email: 'security-owner@example.com',
        password: 'correct-horse-battery',
        name: 'Owner',
        emailVerified: true,
      });
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await badSignIn(proxied, `203.0.113.${i + 1}`)).statusCode);
      // Each attempt counts against the client the gateway names, not against the gateway.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    } finally {
      await proxied.stop();
    }
  });
});

describe('requests from other sites', () => {
  const foreign = ['http://evil.test', 'null', 'http://localhost:1'];

  it('refuses commands with a foreign, null or other-port origin and writes nothing', async () => {
    const posted = await inject(cookie, 'POST', '/api/v1/trucks', validTruck, { origin: app.url });
    expect(posted.statusCode).toBe(201);
    const id = posted.json().id as number;
    const before = await app.infrastructure.eventStore.headPosition();
    for (const origin of foreign) {
      const attempts = [
        await inject(cookie, 'POST', '/api/v1/trucks', validTruck, { origin }),
        await inject(cookie, 'PATCH', `/api/v1/trucks/${id}`, { notes: 'x' }, { origin }),
        await inject(cookie, 'DELETE', `/api/v1/trucks/${id}`, undefined, { origin }),
      ];
      for (const attempt of attempts) {
        expect([attempt.statusCode, attempt.json()]).toEqual([
          403,
          { success: false, code: 'INVALID_ORIGIN', message: 'Invalid origin' },
        ]);
      }
    }
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
  });

  it('refuses bodiless commands sent as text/plain (no preflight) with 415, and the organization stays', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    for (const url of ['/api/v1/organization/delete', '/api/v1/admin/read-models/rebuild']) {
      const response = await app.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: app.url, 'content-type': 'text/plain' },
        payload: '',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Send the request body as JSON (Content-Type: application/json)',
        errors: { body: ['Send the request body as JSON (Content-Type: application/json)'] },
      });
    }
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
    expect((await query(app, cookie, '/api/v1/organization/get-full-organization')).statusCode).toBe(200);
  });

  it('refuses a page of another site that tells the sec-fetch-site', async () => {
    const response = await inject(cookie, 'POST', '/api/v1/trucks', validTruck, {
      'sec-fetch-site': 'cross-site',
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a sign-in posted from another site (it would sign the visitor into a stranger account)', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://evil.test' },
      remoteAddress: '192.0.2.77',
      payload: { email: 'security-owner@example.com', password: 'correct-horse-battery' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('opens a live connection only for a page of a trusted origin', async () => {
    const connect = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = io(app.url, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie, origin },
          reconnection: false,
        });
        socket.once('ready', () => {
          socket.close();
          resolve('ready');
        });
        socket.once('connect_error', (error) => {
          socket.close();
          resolve(`refused: ${error.message}`);
        });
      });
    expect(await connect(app.url)).toBe('ready');
    for (const origin of ['http://evil.test', 'null']) expect(await connect(origin)).toMatch(/^refused/);
  });
});

describe('bodies', () => {
  it('refuses a body that is not an object, with the field', async () => {
    const posted = await inject(cookie, 'POST', '/api/v1/trucks', validTruck, { origin: app.url });
    for (const payload of ['null', '[]', '"text"', '12']) {
      const response = await app.app.inject({
        method: 'PATCH',
        url: `/api/v1/trucks/${posted.json().id}`,
        headers: { cookie, origin: app.url, 'content-type': 'application/json' },
        payload,
      });
      expect([response.statusCode, response.json()]).toEqual([
        400,
        {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Invalid body parameters',
          errors: { body: ['The request body must be a JSON object'] },
        },
      ]);
    }
  });

  it('says what 413 and a broken JSON body mean', async () => {
    const large = await inject(
      cookie,
      'POST',
      '/api/v1/trucks',
      { ...validTruck, notes: 'x'.repeat(1_100_000) },
      {
        origin: app.url,
      },
    );
    expect([large.statusCode, large.json()]).toEqual([
      413,
      {
        success: false,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request body is too large',
        errors: { body: ['The request body cannot be more than 1 MB'] },
      },
    ]);
    const broken = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { cookie, origin: app.url, 'content-type': 'application/json' },
      payload: '{"truckName":',
    });
    expect([broken.statusCode, broken.json().errors]).toEqual([
      400,
      { body: ['The request body is not valid JSON'] },
    ]);
  });
});

describe('input the probe sent', () => {
  it('answers out-of-range paging and dates past the calendar with 400 naming the field, on lists and the overview', async () => {
    const cases: [string, string][] = [
      ['/api/v1/trucks?page=1e15', 'page'],
      ['/api/v1/loads?page=1e15', 'page'],
      ['/api/v1/trucks?page=1000001', 'page'],
      ['/api/v1/trucks?limit=101', 'limit'],
      ['/api/v1/trucks?limit=0x10', 'limit'],
      ['/api/v1/trucks?startDate=%2B275760-09-13&dateOperation=eq', 'startDate'],
      ['/api/v1/loads?startDate=%2B275760-09-13&dateOperation=eq', 'startDate'],
      ['/api/v1/overview/monthly-counts?startDate=%2B275760-09-13&dateOperation=eq', 'startDate'],
      ['/api/v1/trucks?endDate=2026-02-30', 'endDate'],
      ['/api/v1/organization/list-members?page=1e15', 'page'],
    ];
    for (const [url, field] of cases) {
      const response = await query(app, cookie, url);
      expect([url, response.statusCode, Object.keys(response.json().errors ?? {})]).toEqual([
        url,
        400,
        [field],
      ]);
    }
  });

  it('caps every text field, on create and on edit, and says so', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    const created = await inject(
      cookie,
      'POST',
      '/api/v1/trucks',
      { ...validTruck, truckState: 'x'.repeat(10_000) },
      {
        origin: app.url,
      },
    );
    expect([created.statusCode, created.json().errors]).toEqual([
      400,
      { truckState: ['Truck state cannot be more than 200 characters'] },
    ]);
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);

    const posted = await inject(cookie, 'POST', '/api/v1/trucks', validTruck, { origin: app.url });
    const edited = await inject(
      cookie,
      'PATCH',
      `/api/v1/trucks/${posted.json().id}`,
      { notes: 'n'.repeat(900_000) },
      {
        origin: app.url,
      },
    );
    expect([edited.statusCode, edited.json().errors]).toEqual([
      400,
      { notes: ['Notes cannot be more than 2000 characters'] },
    ]);
    // The edit form keeps the spec's "no length maxima": 501 characters of notes are fine on an edit.
    const longer = await inject(
      cookie,
      'PATCH',
      `/api/v1/trucks/${posted.json().id}`,
      { notes: 'n'.repeat(501) },
      {
        origin: app.url,
      },
    );
    expect(longer.statusCode).toBe(200);
  });

  it('takes only real calendar dates and decimal numbers', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    for (const availabilityDate of ['1', '2026-02-30', '+275760-09-13', '275760-01-01', '1969-12-31']) {
      const response = await inject(
        cookie,
        'POST',
        '/api/v1/trucks',
        { ...validTruck, availabilityDate },
        {
          origin: app.url,
        },
      );
      expect([availabilityDate, response.statusCode, response.json().errors]).toEqual([
        availabilityDate,
        400,
        { availabilityDate: ['Availability date must be a real date between 1970 and 2200'] },
      ]);
    }
    for (const rate of ['0x10', '1e3', 'Infinity', '-1']) {
      const response = await inject(
        cookie,
        'POST',
        '/api/v1/loads',
        { ...validLoad, rateForTitan: rate },
        {
          origin: app.url,
        },
      );
      expect([rate, response.statusCode, response.json().errors]).toEqual([
        rate,
        400,
        { rateForTitan: ['Should be a positive number'] },
      ]);
    }
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
    const leap = await inject(
      cookie,
      'POST',
      '/api/v1/trucks',
      { ...validTruck, availabilityDate: '2028-02-29' },
      {
        origin: app.url,
      },
    );
    expect([leap.statusCode, leap.json().availabilityDate]).toEqual([201, '2028-02-29T00:00:00.000Z']);
  });
});
