import { randomUUID } from 'node:crypto';
import { join as joinPath } from 'node:path';
import { readOutbox, readSmsOutbox } from '@dispatch/auth';
import { WEBHOOK_SYSTEM_ACTOR } from '@dispatch/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from './app.ts';
import {
  apiRoutes,
  eventsSince,
  membershipEndingLast,
  type OrganizationRecords,
  organizationWithRecords,
  quotaGuardedRoutes,
  quotaMatrixEnvironment,
  type RouteSample,
  routeKey,
  routeSamples,
} from './route-samples.ts';
import { startTestApp, type TestApp, validTruck } from './test-support.ts';

/**
 * Generated from the route table the app serves, not from a hand list: a new route is in every
 * matrix the day it is added (and fails the first test until it has a sample request).
 */

let app: TestApp;
let victim: OrganizationRecords;
let attacker: OrganizationRecords;

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  victim = await organizationWithRecords(app, 'Victim');
  attacker = await organizationWithRecords(app, 'Prober');
});
afterAll(() => app.stop());

function send(
  route: RouteEntry,
  sample: RouteSample,
  cookie: string,
  headers: Record<string, string>,
  payload?: string,
) {
  const search = new URLSearchParams(sample.query ?? {}).toString();
  const hasBody = route.method === 'POST' || route.method === 'PATCH';
  return app.app.inject({
    method: route.method as 'GET',
    url: search ? `${sample.path}?${search}` : sample.path,
    headers: { cookie, ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(hasBody ? { payload: payload ?? JSON.stringify(sample.body ?? {}) } : {}),
  });
}

const sampleOf = (route: RouteEntry) => {
  const make = routeSamples[routeKey(route)];
  if (!make) throw new Error(`no sample request for ${routeKey(route)}: add one to route-samples.ts`);
  return make;
};

describe('the route table', () => {
  it('has a sample request for every route of the API, and no sample for a route that is gone', () => {
    const served = apiRoutes(app).map(routeKey).sort();
    expect(served.length).toBeGreaterThan(40);
    expect(Object.keys(routeSamples).sort()).toEqual(served);
  });
});

describe('CSRF matrix: every state-changing route', () => {
  const stateChanging = () => apiRoutes(app).filter((route) => route.method !== 'GET');

  it('refuses a foreign origin, a null origin, another port and a cross-site fetch, and writes nothing', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    const refused: string[] = [];
    for (const route of stateChanging()) {
      const sample = sampleOf(route)(victim);
      for (const headers of [
        { origin: 'http://evil.test' },
        { origin: 'null' },
        { origin: app.url.replace(/:\d+$/, ':1') },
        { 'sec-fetch-site': 'same-site' },
      ] as Record<string, string>[]) {
        const response = await send(route, sample, victim.cookie, headers);
        expect([routeKey(route), headers, response.statusCode, response.json().code]).toEqual([
          routeKey(route),
          headers,
          403,
          'INVALID_ORIGIN',
        ]);
        refused.push(routeKey(route));
      }
    }
    expect(refused.length).toBe(stateChanging().length * 4);
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
  });

  it('refuses a body a form or a preflight-free fetch can send (text/plain, form encoding) with 415', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    for (const route of stateChanging().filter((r) => r.method !== 'DELETE')) {
      const sample = sampleOf(route)(victim);
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const response = await send(route, sample, victim.cookie, {
          origin: app.url,
          'content-type': contentType,
        });
        expect([routeKey(route), contentType, response.statusCode]).toEqual([
          routeKey(route),
          contentType,
          415,
        ]);
      }
    }
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
  });

  it('refuses every state-changing call of the authentication service from another site', async () => {
    const api = app.infrastructure.auth.auth.api as unknown as Record<
      string,
      { path?: string; options?: { method?: string | string[] } }
    >;
    const paths = Object.values(api)
      .filter(
        (endpoint) =>
          endpoint.path && ([] as string[]).concat(endpoint.options?.method ?? []).includes('POST'),
      )
      .map((endpoint) => `/api/auth${endpoint.path}`)
      // An identity provider posts its answer back from its own site; the state it carries protects it.
      .filter((path) => !path.startsWith('/api/auth/callback/'));
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      const response = await app.app.inject({
        method: 'POST',
        url: path.replace(/:(\w+)/g, 'x'),
        headers: { cookie: victim.cookie, origin: 'http://evil.test', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect([path, response.statusCode]).toEqual([path, 403]);
      expect(response.headers['set-cookie'], path).toBeUndefined();
    }
  });
});

describe('tenancy matrix: every route with another organization’s ids', () => {
  it('over Socket.IO: a connection naming the other organization still hears only its own', async () => {
    const sockets: Socket[] = [];
    const connect = (cookie: string, orgId: string) => {
      const socket = io(app.url, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie, origin: app.url },
        auth: { orgId, room: `org:${orgId}` },
        query: { orgId },
        reconnection: false,
      });
      sockets.push(socket);
      return new Promise<Socket>((resolve, reject) => {
        socket.once('ready', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    };
    try {
      const prober = await connect(attacker.cookie, victim.orgId);
      const owner = await connect(victim.cookie, victim.orgId);
      const heardByProber: unknown[] = [];
      prober.onAny((_event, payload) => heardByProber.push(payload));
      prober.emit('join', `org:${victim.orgId}`);
      prober.emit('subscribe', { orgId: victim.orgId });
      const heardByOwner = new Promise((resolve) => owner.on('change', resolve));
      const posted = await app.app.inject({
        method: 'POST',
        url: '/api/v1/trucks',
        headers: { cookie: victim.cookie, origin: app.url },
        payload: { ...validTruck, truckName: 'Victim Rig Live' },
      });
      expect(posted.statusCode).toBe(201);
      await heardByOwner;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(JSON.stringify(heardByProber)).not.toContain(victim.orgId);
      expect(heardByProber).toEqual([]);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('never answers with, nor writes to, the other organization', async () => {
    const victimStreams = new Set([
      `organization-${victim.orgId}`,
      `truck-${victim.truckId}`,
      `load-${victim.loadId}`,
      `envelope-${victim.envelopeId}`,
    ]);
    // The signing and invitation links need no session: their token or id is the receiver's
    // credential. A stranger holds none of the victim's, only ones they made up.
    const asStranger = {
      ...victim,
      signingToken: victim.forgedSigningToken,
      invitationLinkId: randomUUID(),
    };
    for (const route of membershipEndingLast(apiRoutes(app))) {
      const sample = sampleOf(route)(asStranger);
      const before = await app.infrastructure.eventStore.headPosition();
      const response = await send(route, sample, attacker.cookie, { origin: app.url });
      const key = routeKey(route);
      expect(response.statusCode, `${key}: ${response.body}`).toBeLessThan(500);
      for (const marker of victim.markers)
        expect(response.body, `${key} shows ${marker}`).not.toContain(marker);
      const written = (await eventsSince(app, before)).filter(
        (event) =>
          (victimStreams.has(event.streamId) || event.metadata.orgId === victim.orgId) &&
          // The victim's own webhook deliveries, recorded as their endpoints answer (at the
          // deliverer's pace, so during whichever call comes next), are not the caller's writes.
          !(event.type === 'WebhookAttemptsRecorded' && event.metadata.actorId === WEBHOOK_SYSTEM_ACTOR),
      );
      expect(
        written.map((event) => `${event.streamId} ${event.type}`),
        `${key} wrote to the other organization`,
      ).toEqual([]);
      await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
    }
    // The victim's board is as it was. (The prober's own organization is gone: its last requests were
    // "delete" and "leave", aimed at the session's organization, which is theirs.)
    const truck = await app.app.inject({
      method: 'GET',
      url: `/api/v1/trucks/${victim.truckId}`,
      headers: { cookie: victim.cookie },
    });
    expect(truck.json()).toMatchObject({ truckName: 'Victim Rig', version: 0 });
    const members = await app.app.inject({
      method: 'GET',
      url: '/api/v1/organization/list-members',
      headers: { cookie: victim.cookie },
    });
    expect(members.json().totalCount).toBe(2);
  });
});

describe('quota matrix: every route that sends out of the building', () => {
  let quotaApp: TestApp;
  beforeAll(async () => {
    quotaApp = await startTestApp({ listen: true, env: quotaMatrixEnvironment });
  });
  afterAll(() => quotaApp.stop());

  it('covers only routes the app serves', () => {
    const served = new Set(apiRoutes(quotaApp).map(routeKey));
    for (const key of Object.keys(quotaGuardedRoutes)) expect(served, key).toContain(key);
  });

  /** What the product has sent: mail and text messages in the outbox. */
  const sentCount = async (outbox: 'mail' | 'sms' | 'none') => {
    const dir = joinPath(quotaApp.dataDir, 'outbox');
    if (outbox === 'mail') return (await readOutbox(dir)).length;
    if (outbox === 'sms') return (await readSmsOutbox(dir)).length;
    return 0;
  };

  let prefixes = 0;
  for (const [key, { outbox, vary }] of Object.entries(quotaGuardedRoutes)) {
    it(`${key}: past its quota answers 429 with the quota and Retry-After, and sends and records nothing`, async () => {
      prefixes += 1;
      const records = await organizationWithRecords(quotaApp, `Quota${prefixes}`);
      if (outbox === 'sms')
        await verifyPhoneNumber(quotaApp, records.cookie, `312555${String(prefixes).padStart(4, '0')}`);
      const [method, url] = key.split(' ') as [string, string];
      const route = { method, url };
      const sample = sampleOf(route)(records);
      const headers = { origin: quotaApp.url };
      let sent = 0;
      const sendSample = () => {
        sent += 1;
        const body = vary ? vary(sample.body ?? {}, sent) : (sample.body ?? {});
        const search = new URLSearchParams(sample.query ?? {}).toString();
        return quotaApp.app.inject({
          method: method as 'POST',
          url: search ? `${sample.path}?${search}` : sample.path,
          headers: { cookie: records.cookie, 'content-type': 'application/json', ...headers },
          payload: JSON.stringify(body),
        });
      };
      let answer = await sendSample();
      for (let attempt = 0; attempt < 10 && answer.statusCode !== 429; attempt++) {
        expect(answer.statusCode, answer.body).toBeLessThan(300);
        answer = await sendSample();
      }
      expect(answer.statusCode, answer.body).toBe(429);
      const sentBefore = await sentCount(outbox);
      const headBefore = await quotaApp.infrastructure.eventStore.headPosition();
      const again = await sendSample();

      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({
        success: false,
        code: expect.stringMatching(/^(QUOTA_EXCEEDED|RATE_LIMITED)$/),
      });
      expect(again.json().message).toMatch(/limit|every \d+ minutes/);
      expect(again.json().message).toMatch(/after (\w{3} \d+, )?\d\d:\d\d UTC|Try again in \d+ minute/);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      expect(await sentCount(outbox)).toBe(sentBefore);
      expect(await quotaApp.infrastructure.eventStore.headPosition()).toBe(headBefore);
    });
  }
});

/** Gives the user a verified phone number, with the code texted to it, as the account page does. */
async function verifyPhoneNumber(app: TestApp, cookie: string, phoneNumber: string) {
  const post = (url: string, body: unknown) =>
    app.app.inject({
      method: 'POST',
      url,
      headers: { cookie, origin: app.url, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const sent = await post('/api/auth/phone-number/send-otp', { phoneNumber });
  if (sent.statusCode !== 200) throw new Error(`send-otp failed: ${sent.body}`);
  const text = (await readSmsOutbox(joinPath(app.dataDir, 'outbox'))).at(-1)?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
  const verified = await post('/api/auth/phone-number/verify', { phoneNumber, code });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
}
