import { type ApiKeyScope, apiKeyScopes } from '@dispatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from './app.ts';
import {
  apiRoutes,
  eventsSince,
  type OrganizationRecords,
  organizationWithRecords,
  type RouteSample,
  routeKey,
  routeSamples,
} from './route-samples.ts';
import { startTestApp, type TestApp } from './test-support.ts';

/**
 * API keys against the route table the app serves: a route opened to keys (it names its scopes, see
 * openToKeys) takes a key holding one of them and refuses one that holds none; every other route
 * refuses a key; and no key reads or changes another organization's records through any route.
 */

let app: TestApp;
let victim: OrganizationRecords;
let attacker: OrganizationRecords;
/** For each scope, a key of the victim's holding every scope but that one. */
const lacking = new Map<ApiKeyScope, string>();

/** Routes that take no caller at all: a signing link's token or an invitation's id is the credential. */
const callerless = new Set([
  'GET /api/health',
  'GET /api/v1/openapi.json',
  'GET /api/v1/organization/get-invitation-link',
]);
const isCallerless = (route: RouteEntry) =>
  callerless.has(routeKey(route)) || route.url.startsWith('/api/v1/signing/');

beforeAll(async () => {
  app = await startTestApp({ listen: true, webhookDelivery: false });
  victim = await organizationWithRecords(app, 'Keyholder');
  attacker = await organizationWithRecords(app, 'Keyprober');
  for (const scope of apiKeyScopes) {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { cookie: victim.cookie, origin: app.url },
      payload: { name: `Without ${scope}`, scopes: apiKeyScopes.filter((other) => other !== scope) },
    });
    lacking.set(scope, response.json().secret);
  }
});
afterAll(() => app.stop());

function sendWithKey(
  route: RouteEntry,
  sample: RouteSample,
  secret: string,
  headers: Record<string, string> = {},
) {
  const search = new URLSearchParams(sample.query ?? {}).toString();
  const hasBody = route.method === 'POST' || route.method === 'PATCH';
  return app.app.inject({
    method: route.method as 'GET',
    url: search ? `${sample.path}?${search}` : sample.path,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(hasBody ? { payload: JSON.stringify(sample.body ?? {}) } : {}),
  });
}

const sampleOf = (route: RouteEntry) => {
  const make = routeSamples[routeKey(route)];
  if (!make) throw new Error(`no sample request for ${routeKey(route)}: add one to route-samples.ts`);
  return make;
};

const openToKeys = () => apiRoutes(app).filter((route) => route.apiKeyScopes !== undefined);

/** What a route answers a caller it refuses. */
const callerRefusals = new Set([
  'UNAUTHORIZED',
  'INVALID_API_KEY',
  'KEY_NOT_ALLOWED',
  'MISSING_SCOPE',
  'KEY_WITH_COOKIE',
  'FORBIDDEN',
  'NOT_A_MEMBER',
  'INVALID_ORIGIN',
]);

const settled = async () => app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);

describe('routes closed to API keys', () => {
  it('refuse a key, even one holding every scope (403 KEY_NOT_ALLOWED), and write nothing', async () => {
    const closed = apiRoutes(app).filter((route) => route.apiKeyScopes === undefined && !isCallerless(route));
    expect(closed.map(routeKey)).toContain('POST /api/v1/api-keys');
    expect(closed.map(routeKey)).toContain('POST /api/v1/organization/invite-member');
    const before = await app.infrastructure.eventStore.headPosition();
    for (const route of closed) {
      const response = await sendWithKey(route, sampleOf(route)(victim), victim.apiKeySecret);
      expect([routeKey(route), response.statusCode, response.json().code]).toEqual([
        routeKey(route),
        403,
        'KEY_NOT_ALLOWED',
      ]);
    }
    const written = (await eventsSince(app, before)).map((event) => event.type);
    expect(written.filter((type) => type !== 'ApiKeyUsed')).toEqual([]);
  });
});

describe('routes open to API keys', () => {
  it('are the ones the product opens, each naming its scopes', () => {
    const scopesByRoute = Object.fromEntries(
      openToKeys().map((route) => [routeKey(route), route.apiKeyScopes]),
    );
    expect(scopesByRoute).toMatchObject({
      'GET /api/v1/trucks': ['postings:read'],
      'GET /api/v1/loads/:id': ['postings:read'],
      'GET /api/v1/radius-search': ['postings:read'],
      'GET /api/v1/search': ['postings:read'],
      'GET /api/v1/cities': ['postings:read'],
      'POST /api/v1/trucks': ['postings:write'],
      'DELETE /api/v1/loads/:id': ['postings:write'],
      'POST /api/v1/envelopes': ['envelopes'],
      'GET /api/v1/envelopes/:envelopeId/document': ['envelopes'],
      'GET /api/v1/activity': ['activity'],
    });
    expect(Object.keys(scopesByRoute)).not.toContain('POST /api/v1/envelopes/:envelopeId/link');
    expect(Object.keys(scopesByRoute)).not.toContain('GET /api/v1/activity/export.csv');
  });

  it('refuse a key that holds none of their scopes (403 MISSING_SCOPE), and write nothing', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    let refused = 0;
    for (const route of openToKeys()) {
      const scopes = route.apiKeyScopes ?? [];
      // A route any key may call (the event feed) has no key without its scope.
      if (scopes.length !== 1) continue;
      const secret = lacking.get(scopes[0] as ApiKeyScope) ?? '';
      const response = await sendWithKey(route, sampleOf(route)(victim), secret);
      expect([routeKey(route), response.statusCode, response.json().code]).toEqual([
        routeKey(route),
        403,
        'MISSING_SCOPE',
      ]);
      refused += 1;
    }
    expect(refused).toBeGreaterThan(20);
    const written = (await eventsSince(app, before)).map((event) => event.type);
    expect(written.filter((type) => type !== 'ApiKeyUsed')).toEqual([]);
  });

  it('take a key of the organization holding their scope, from any origin', async () => {
    // Removals go last: run earlier, they would leave the other routes nothing to act on.
    const routes = openToKeys();
    const removalsLast = [
      ...routes.filter((route) => route.method !== 'DELETE'),
      ...routes.filter((route) => route.method === 'DELETE'),
    ];
    for (const route of removalsLast) {
      const response = await sendWithKey(route, sampleOf(route)(victim), victim.apiKeySecret, {
        origin: 'https://integrations.example',
      });
      // Accepted: whatever the route then says of the sample (a made-up event id is not found), the
      // caller was not refused.
      const code = response.statusCode < 400 ? null : response.json().code;
      // No answer but the creation's ever holds a key's secret.
      for (const secret of [victim.apiKeySecret, attacker.apiKeySecret, ...lacking.values()]) {
        expect(response.body, routeKey(route)).not.toContain(secret.slice(-43));
      }
      expect([routeKey(route), response.statusCode < 500, callerRefusals.has(code)], response.body).toEqual([
        routeKey(route),
        true,
        false,
      ]);
      await settled();
    }
  });

  it("with another organization's key, never answer with, nor write to, this organization", async () => {
    const victimStreams = new Set([
      `organization-${victim.orgId}`,
      `truck-${victim.truckId}`,
      `load-${victim.loadId}`,
      `envelope-${victim.envelopeId}`,
      `webhook-${victim.webhookId}`,
      `apikey-${victim.apiKeyId}`,
    ]);
    for (const route of openToKeys()) {
      const before = await app.infrastructure.eventStore.headPosition();
      const response = await sendWithKey(route, sampleOf(route)(victim), attacker.apiKeySecret);
      const key = routeKey(route);
      expect(response.statusCode, `${key}: ${response.body}`).toBeLessThan(500);
      for (const marker of victim.markers)
        expect(response.body, `${key} shows ${marker}`).not.toContain(marker);
      const written = (await eventsSince(app, before)).filter(
        (event) => victimStreams.has(event.streamId) || event.metadata.orgId === victim.orgId,
      );
      expect(
        written.map((event) => `${event.streamId} ${event.type}`),
        `${key} wrote to the other organization`,
      ).toEqual([]);
      await settled();
    }
  });
});

describe('a key and the origin rule', () => {
  it('lets a bearer request without cookies through from any origin, but not one that brings a session too', async () => {
    const route = { method: 'POST', url: '/api/v1/trucks' };
    const sample = sampleOf(route)(victim);
    const alone = await sendWithKey(route, sample, victim.apiKeySecret, { origin: 'http://evil.test' });
    expect(alone.statusCode).toBe(201);
    const withCookie = await sendWithKey(route, sample, victim.apiKeySecret, {
      origin: 'http://evil.test',
      cookie: victim.cookie,
    });
    expect([withCookie.statusCode, withCookie.json().code]).toEqual([403, 'INVALID_ORIGIN']);
    const sameSite = await sendWithKey(route, sample, victim.apiKeySecret, {
      origin: app.url,
      cookie: victim.cookie,
    });
    expect([sameSite.statusCode, sameSite.json().code]).toEqual([400, 'KEY_WITH_COOKIE']);
  });
});
