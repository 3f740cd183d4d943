import { errorAnswerSchema, trucksPageAnswerSchema, WEBHOOK_SYSTEM_ACTOR } from '@dispatch/domain';
import { isBinaryAnswer } from '@dispatch/http';
import { verifyPhoneNumber } from '@dispatch/test-kit';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from './app.ts';
import { command, PASSWORD, signIn, verifiedUser } from './organization-fixtures.ts';
import {
  apiRoutes,
  type OrganizationRecords,
  organizationWithRecords,
  type RouteSample,
  routeKey,
  routeSamples,
  signingTokenSentTo,
} from './route-samples.ts';
import { createOrganization, startTestApp, type TestApp } from './test-support.ts';

/**
 * The answer contract: every route of the route table is called on a running app, on its way to
 * success, and its answer is parsed with the schema the route declares for that status (the same
 * domain schema the web app parses it with). A field the server drops or renames fails here.
 */

let app: TestApp;
let records: OrganizationRecords;
let admin: string;
let invitee: string;
const succeeded = new Set<string>();

beforeAll(async () => {
  app = await startTestApp();
  records = await organizationWithRecords(app, 'Contract');
  await app.infrastructure.auth.createUser({
    email: 'contract-admin@example.com',
    password: PASSWORD,
    name: 'Contract Admin',
    emailVerified: true,
    role: 'super_admin',
  });
  admin = await signIn(app, 'contract-admin@example.com');
  invitee = await verifiedUser(app, records.invitedEmail, 'Ivy Invitee');
});
afterAll(() => app.stop());

const routeOf = (key: string): RouteEntry => {
  const route = apiRoutes(app).find((candidate) => routeKey(candidate) === key);
  if (!route) throw new Error(`no route ${key}`);
  return route;
};

/** Calls a route as `cookie` with its sample request (or `sample`), and checks the answer against its declaration. */
async function call(
  key: string,
  cookie: string,
  sample: Partial<RouteSample> = {},
): Promise<LightMyRequestResponse> {
  const route = routeOf(key);
  const base = (routeSamples[key] as NonNullable<(typeof routeSamples)[string]>)(records);
  const { path, query, body } = { ...base, ...sample };
  const search = new URLSearchParams(query ?? {}).toString();
  const hasBody = route.method === 'POST' || route.method === 'PATCH';
  const response = await app.app.inject({
    method: route.method as 'GET',
    url: search ? `${path}?${search}` : path,
    headers: { cookie, origin: app.url, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { payload: JSON.stringify(body ?? {}) } : {}),
  });
  const label = `${key} → ${response.statusCode} ${response.body.slice(0, 400)}`;
  expect(response.statusCode, label).toBeLessThan(300);
  const declared = route.answers?.[response.statusCode];
  if (response.statusCode === 204) {
    expect(response.body, label).toBe('');
  } else if (isBinaryAnswer(declared)) {
    // A file: its media type, and the bytes every such file starts with (a PDF's "%PDF-"), not JSON.
    const fileLabel = `${key} → ${response.statusCode} ${String(response.headers['content-type'])}`;
    expect(String(response.headers['content-type']), fileLabel).toContain(declared.contentType);
    expect(response.rawPayload.length, fileLabel).toBeGreaterThan(declared.magic.length);
    expect(response.rawPayload.subarray(0, declared.magic.length).toString('latin1'), fileLabel).toBe(
      declared.magic,
    );
  } else {
    expect(declared, `${key} declares no answer for ${response.statusCode}`).toBeDefined();
    const parsed = declared?.safeParse(response.json());
    expect(parsed?.success ? [] : parsed?.error.issues, label).toEqual([]);
  }
  succeeded.add(key);
  const position = response.headers['x-event-position'];
  if (typeof position === 'string') await app.projector.waitFor(BigInt(position), 5000);
  return response;
}

describe('the answer contract', () => {
  it('every route declares what it answers', () => {
    for (const route of apiRoutes(app)) {
      expect(
        Object.keys(route.answers ?? {}).length + (route.method === 'DELETE' ? 1 : 0),
        routeKey(route),
      ).toBeGreaterThan(0);
    }
  });

  it('every route answers as it declares, on the way to success', async () => {
    // Reads first, while every record is there.
    for (const route of apiRoutes(app).filter((r) => r.method === 'GET')) {
      const key = routeKey(route);
      if (key.includes('/admin/')) await call(key, admin);
      else if (
        key === 'GET /api/v1/organization/get-invitation' ||
        key === 'GET /api/v1/organization/get-user-invitations'
      )
        await call(key, invitee);
      else await call(key, records.cookie);
    }

    // The postings' commands.
    for (const kind of ['trucks', 'loads'] as const) {
      const posted = await call(`POST /api/v1/${kind}`, records.cookie);
      const id = posted.json().id as number;
      await call(`PATCH /api/v1/${kind}/:id`, records.cookie, { path: `/api/v1/${kind}/${id}` });
      await call(`POST /api/v1/${kind}/:id/refresh`, records.cookie, {
        path: `/api/v1/${kind}/${id}/refresh`,
      });
      await call(`DELETE /api/v1/${kind}/:id`, records.cookie, { path: `/api/v1/${kind}/${id}` });
    }

    // Saved searches: one saved, renamed and deleted; the notifications read (none unread: nothing written).
    const saved = await call('POST /api/v1/saved-searches', records.cookie);
    const savedSearchPath = `/api/v1/saved-searches/${saved.json().data.id}`;
    await call('PATCH /api/v1/saved-searches/:id', records.cookie, { path: savedSearchPath });
    await call('DELETE /api/v1/saved-searches/:id', records.cookie, { path: savedSearchPath });
    await call('POST /api/v1/notifications/read', records.cookie);

    // Webhooks: the records' endpoint changed, tested, replayed, its secret rotated, and an event it
    // was sent (once an attempt is in its delivery log) sent again; a second one registered and removed.
    await call('PATCH /api/v1/webhooks/:id', records.cookie);
    await call('POST /api/v1/webhooks/:id/test', records.cookie);
    await call('POST /api/v1/webhooks/:id/replay', records.cookie);
    await call('POST /api/v1/webhooks/:id/rotate-secret', records.cookie);
    let sentEventId: string | undefined;
    for (const until = Date.now() + 15_000; !sentEventId && Date.now() < until; ) {
      const log = await app.app.inject({
        method: 'GET',
        url: `/api/v1/webhooks/${records.webhookId}/deliveries`,
        headers: { cookie: records.cookie },
      });
      sentEventId = log.json().items?.[0]?.eventId;
      if (!sentEventId) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await call('POST /api/v1/webhooks/:id/redeliver', records.cookie, { body: { eventId: sentEventId } });
    const hook = await call('POST /api/v1/webhooks', records.cookie);
    await call('DELETE /api/v1/webhooks/:id', records.cookie, {
      path: `/api/v1/webhooks/${hook.json().endpoint.id}`,
    });

    // An API key made and revoked.
    const key = await call('POST /api/v1/api-keys', records.cookie);
    await call('DELETE /api/v1/api-keys/:id', records.cookie, {
      path: `/api/v1/api-keys/${key.json().key.id}`,
    });

    // Postings from a CSV file: every row checked, then posted.
    for (const kind of ['trucks', 'loads'] as const) {
      await call(`POST /api/v1/${kind}/import/preview`, records.cookie);
      await call(`POST /api/v1/${kind}/import`, records.cookie);
    }

    // The envelopes' commands: a fresh link and a resend, the receiver signs; a second envelope is
    // declined, a third voided.
    await call('POST /api/v1/envelopes/:envelopeId/link', records.cookie);
    await call('POST /api/v1/envelopes/:envelopeId/resend', records.cookie);
    await call('POST /api/v1/signing/:token/sign', '', {
      path: `/api/v1/signing/${encodeURIComponent(await signingTokenSentTo(app, 'contract-receiver@example.com'))}/sign`,
    });
    await call('POST /api/v1/envelopes', records.cookie, {
      body: {
        type: 'client',
        deliveryMethod: 'email',
        receiverName: 'Declining Client',
        receiverEmail: 'decliner@example.com',
      },
    });
    await call('POST /api/v1/signing/:token/reject', '', {
      path: `/api/v1/signing/${encodeURIComponent(await signingTokenSentTo(app, 'decliner@example.com'))}/reject`,
    });
    const voidable = await call('POST /api/v1/envelopes', records.cookie);
    await call('POST /api/v1/envelopes/:envelopeId/void', records.cookie, {
      path: `/api/v1/envelopes/${voidable.json().envelope.envelopeId}/void`,
    });

    // The system check: a ping, a test e-mail, and a test text to the owner's verified number.
    await call('POST /api/v1/testing/ping', records.cookie);
    await call('POST /api/v1/testing/email', records.cookie);
    await verifyPhoneNumber(app, records.cookie, '+13125550177');
    await call('POST /api/v1/testing/sms', records.cookie);

    // The organization's commands, as its owner.
    await call('POST /api/v1/organization/update', records.cookie);
    await call('POST /api/v1/organization/set-active', records.cookie);
    const invited = await call('POST /api/v1/organization/invite-member', records.cookie, {
      body: { email: 'contract-second@example.com' },
    });
    const secondInvitation = invited.json().data.id as string;
    await call('POST /api/v1/organization/resend-invitation', records.cookie, {
      body: { invitationId: secondInvitation },
    });
    await call('POST /api/v1/organization/cancel-invitation', records.cookie, {
      body: { invitationId: secondInvitation },
    });
    const thirdInvitation = (
      await command(app, records.cookie, 'invite-member', { email: 'contract-third@example.com' })
    ).json().data.id as string;
    const third = await verifiedUser(app, 'contract-third@example.com');
    await call('POST /api/v1/organization/reject-invitation', third, {
      body: { invitationId: thirdInvitation },
    });
    await call('POST /api/v1/organization/accept-invitation', invitee);

    const team = await call('POST /api/v1/organization/create-team', records.cookie);
    const teamId = team.json().data.id as string;
    await call('POST /api/v1/organization/update-team', records.cookie, {
      body: { teamId, name: 'Contract Night' },
    });
    await call('POST /api/v1/organization/add-team-member', records.cookie, {
      body: { teamId, userId: records.memberUserId },
    });
    await call('POST /api/v1/organization/remove-team-member', records.cookie, {
      body: { teamId, userId: records.memberUserId },
    });
    await call('POST /api/v1/organization/remove-team', records.cookie, { body: { teamId } });
    await call('POST /api/v1/organization/update-member-role', records.cookie);
    await call('POST /api/v1/organization/remove-member', records.cookie);
    await call('POST /api/v1/organization/leave', invitee);

    // A platform admin's: an organization of their own, someone added to it straight away, a rebuild.
    await call('POST /api/v1/organization/create', admin, { body: { name: 'Contract Platform' } });
    await verifiedUser(app, 'contract-added@example.com');
    await call('POST /api/v1/organization/add-member', admin, {
      body: { email: 'contract-added@example.com' },
    });
    await call('POST /api/v1/organization/delete', admin);
    // Last of the sending: the records organization's limits set low for the rest of its day.
    await call('POST /api/v1/admin/organizations/:organizationId/limits', admin);
    await call('POST /api/v1/admin/read-models/rebuild', admin);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const status = await app.app.inject({
        method: 'GET',
        url: '/api/v1/admin/read-models',
        headers: { cookie: admin },
      });
      if (status.json().data.state === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const missing = apiRoutes(app)
      .map(routeKey)
      .filter((key) => !succeeded.has(key));
    expect(missing, 'routes never answered as they declare').toEqual([]);
    expect([...succeeded].sort()).toEqual(apiRoutes(app).map(routeKey).sort());
  });

  it('every event the sequence wrote names its actor, correlation and time, and where its request came from', async () => {
    // Runs after the sequence above, which went through every command route over HTTP.
    const events = await app.infrastructure.eventStore.readAll(0n, 100_000);
    expect(events.length).toBeGreaterThan(50);
    for (const event of events) {
      const label = `${event.type} at ${event.position}: ${JSON.stringify(event.metadata)}`;
      expect(event.metadata.actorId, label).toMatch(/\S/);
      expect(event.metadata.correlationId, label).toMatch(/\S/);
      expect(Number.isNaN(Date.parse(event.metadata.occurredAt)), label).toBe(false);
      // The webhook deliverer's records of its attempts are the product's own doing, not a request's.
      if (event.metadata.actorId === WEBHOOK_SYSTEM_ACTOR) continue;
      // Every other one was written through HTTP (id allocations and slug reservations included).
      expect(event.metadata.ip, label).toMatch(/\S/);
      expect(event.metadata.userAgent, label).toMatch(/\S/);
    }
  });

  it('every refusal answers in the one error shape', async () => {
    const refusals = [
      await app.app.inject({ method: 'GET', url: '/api/v1/trucks' }),
      await app.app.inject({
        method: 'GET',
        url: '/api/v1/trucks?limit=0',
        headers: { cookie: records.cookie },
      }),
      await app.app.inject({
        method: 'GET',
        url: '/api/v1/trucks/999999',
        headers: { cookie: records.cookie },
      }),
      await app.app.inject({
        method: 'GET',
        url: '/api/v1/no-such-route',
        headers: { cookie: records.cookie },
      }),
    ];
    for (const refusal of refusals) {
      const parsed = errorAnswerSchema.safeParse(refusal.json());
      expect(parsed.success ? [] : parsed.error.issues, refusal.body).toEqual([]);
    }
  });

  it('fails an answer whose field was renamed or dropped', async () => {
    await createOrganization(app, await verifiedUser(app, 'contract-rename@example.com'), 'Contract Rename');
    const page = (await call('GET /api/v1/trucks', records.cookie)).json();
    expect(trucksPageAnswerSchema.safeParse(page).success).toBe(true);
    const renamed = {
      ...page,
      data: [{ ...page.data[0], truckNameX: page.data[0].truckName, truckName: undefined }],
    };
    expect(trucksPageAnswerSchema.safeParse(renamed).error?.issues[0]?.path).toEqual([
      'data',
      0,
      'truckName',
    ]);
    const { totalCount: _dropped, ...withoutTotal } = page;
    expect(trucksPageAnswerSchema.safeParse(withoutTotal).error?.issues[0]?.path).toEqual(['totalCount']);
  });
});
