import { join as joinPath } from 'node:path';
import { readOutbox } from '@dispatch/auth';
import { apiKeyScopes } from '@dispatch/domain';
import type { RouteEntry } from './app.ts';
import { command, join, ownerWithOrganization } from './organization-fixtures.ts';
import { requestsWith, type TestApp, validLoad, validTruck } from './test-support.ts';

/**
 * The security matrices (CSRF, tenancy, fuzz) walk the route table the app really serves. Each route
 * needs one well-formed request aimed at an organization's records; a route without one here fails
 * the matrices, so a new route is covered the day it is added.
 */

/** An organization with one of every record a route can name. */
export interface OrganizationRecords {
  cookie: string;
  orgId: string;
  orgName: string;
  truckId: number;
  loadId: number;
  memberId: string;
  memberUserId: string;
  memberEmail: string;
  invitationId: string;
  /** The id an invitation's link carries: the recipient's, as the mail gives it. */
  invitationLinkId: string;
  invitedEmail: string;
  teamId: string;
  teamName: string;
  envelopeId: string;
  /** A saved search of the owner's. */
  savedSearchId: string;
  /** A webhook endpoint of the organization's. */
  webhookId: string;
  /** An API key of the organization holding every scope, and its secret. */
  apiKeyId: string;
  apiKeySecret: string;
  /** The receiver's link token, from the mail: whoever holds it is the receiver. */
  signingToken: string;
  /** A token for the same envelope with a secret nobody was sent: what a stranger can make up. */
  forgedSigningToken: string;
  /** Text that appears only in this organization's records: no answer to anyone else may hold it. */
  markers: string[];
}

export async function organizationWithRecords(app: TestApp, prefix: string): Promise<OrganizationRecords> {
  const owner = await ownerWithOrganization(app, `${prefix}-owner@example.com`, `${prefix} Haulage`);
  const inject = requestsWith(() => app);
  const headers = { origin: app.url };
  const truck = await inject(
    owner.cookie,
    'POST',
    '/api/v1/trucks',
    { ...validTruck, truckName: `${prefix} Rig` },
    headers,
  );
  const load = await inject(
    owner.cookie,
    'POST',
    '/api/v1/loads',
    { ...validLoad, customerName: `${prefix} Grain` },
    headers,
  );
  const memberEmail = `${prefix}-member@example.com`;
  const member = await join(app, owner.cookie, memberEmail);
  const invitedEmail = `${prefix}-invited@example.com`;
  const invitation = await command(app, owner.cookie, 'invite-member', { email: invitedEmail });
  const teamName = `${prefix} Team`;
  const team = await command(app, owner.cookie, 'create-team', { name: teamName });
  await command(app, owner.cookie, 'add-team-member', { teamId: team.json().data.id, userId: member.userId });
  const receiverEmail = `${prefix.toLowerCase()}-receiver@example.com`;
  const envelope = await inject(
    owner.cookie,
    'POST',
    '/api/v1/envelopes',
    { type: 'driver', deliveryMethod: 'email', receiverName: `${prefix} Receiver`, receiverEmail },
    headers,
  );
  const signingToken = await signingTokenSentTo(app, receiverEmail);
  const savedSearch = await inject(
    owner.cookie,
    'POST',
    '/api/v1/saved-searches',
    {
      name: `${prefix} Watch`,
      kind: 'trucks',
      params: { status: 'true' },
      alert: { inApp: true, email: false },
    },
    headers,
  );
  // A local port nobody listens on: its deliveries are refused at once, and never leave the machine.
  const webhook = await inject(
    owner.cookie,
    'POST',
    '/api/v1/webhooks',
    { url: `https://127.0.0.1:9/${prefix}`, description: `${prefix} Hook`, eventTypes: ['truck.posted'] },
    headers,
  );
  const apiKey = await inject(
    owner.cookie,
    'POST',
    '/api/v1/api-keys',
    { name: `${prefix} Key`, scopes: [...apiKeyScopes] },
    headers,
  );
  if (apiKey.statusCode !== 201) throw new Error(`API key for ${prefix} failed: ${apiKey.body}`);
  await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
  if (
    envelope.statusCode !== 201 ||
    truck.statusCode !== 201 ||
    load.statusCode !== 201 ||
    invitation.statusCode !== 201 ||
    team.statusCode !== 201 ||
    savedSearch.statusCode !== 201 ||
    webhook.statusCode !== 201
  ) {
    throw new Error(
      `records for ${prefix} failed: ${truck.body} ${load.body} ${invitation.body} ${team.body} ${envelope.body} ${savedSearch.body} ${webhook.body}`,
    );
  }
  return {
    cookie: owner.cookie,
    orgId: owner.organization.id,
    orgName: owner.organization.name,
    truckId: truck.json().id,
    loadId: load.json().id,
    memberId: member.memberId,
    memberUserId: member.userId,
    memberEmail,
    invitationId: invitation.json().data.id,
    invitationLinkId: invitation.json().data.id,
    invitedEmail,
    teamId: team.json().data.id,
    teamName,
    envelopeId: envelope.json().envelope.envelopeId,
    savedSearchId: savedSearch.json().data.id,
    webhookId: webhook.json().endpoint.id,
    apiKeyId: apiKey.json().key.id,
    apiKeySecret: apiKey.json().secret,
    signingToken,
    forgedSigningToken: `${envelope.json().envelope.envelopeId}.${'F'.repeat(43)}`,
    markers: [
      `${prefix} Receiver`,
      receiverEmail,
      envelope.json().envelope.envelopeId,
      `${prefix}-owner@example.com`,
      owner.organization.id,
      `${prefix} Haulage`,
      `${prefix} Rig`,
      `${prefix} Grain`,
      memberEmail,
      invitedEmail,
      teamName,
      member.memberId,
      team.json().data.id,
      `${prefix} Watch`,
      savedSearch.json().data.id,
      `${prefix} Key`,
      apiKey.json().key.id,
      `${prefix} Hook`,
      webhook.json().endpoint.id,
    ],
  };
}

/** The token of the newest signing link mailed to `to`, as the receiver would click it. */
export async function signingTokenSentTo(app: TestApp, to: string): Promise<string> {
  const mail = (await readOutbox(joinPath(app.dataDir, 'outbox'))).filter((m) => m.to === to).at(-1);
  const token = /\/sign\/(\S+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no signing link mailed to ${to}`);
  return decodeURIComponent(token);
}

export interface RouteSample {
  /** The path with its parameters filled in. */
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

type Sample = (records: OrganizationRecords) => RouteSample;

const body =
  (path: string, make: (records: OrganizationRecords) => Record<string, unknown> = () => ({})): Sample =>
  (records) => ({ path, body: make(records) });

const organization = (name: string) => `/api/v1/organization/${name}`;

/** A CSV file of one record: its fields as the header, its values as the one row. */
export const csvOf = (record: Record<string, unknown>) =>
  `${Object.keys(record).join(',')}\r\n${Object.values(record)
    .map((value) => `"${String(value).replaceAll('"', '""')}"`)
    .join(',')}\r\n`;

/** One request per route of the API, aimed at `records`' organization. */
export const routeSamples: Record<string, Sample> = {
  'GET /api/health': () => ({ path: '/api/health' }),
  'GET /api/v1/openapi.json': () => ({ path: '/api/v1/openapi.json' }),
  'POST /api/v1/organization/create': body(organization('create'), () => ({ name: 'Matrix Made' })),
  'POST /api/v1/organization/update': body(organization('update'), () => ({
    name: 'Matrix Renamed',
    timeZone: 'America/Denver',
  })),
  'POST /api/v1/organization/delete': body(organization('delete')),
  'POST /api/v1/organization/set-active': body(organization('set-active'), (r) => ({
    organizationId: r.orgId,
  })),
  'POST /api/v1/organization/leave': body(organization('leave')),
  'POST /api/v1/organization/add-member': body(organization('add-member'), (r) => ({ email: r.memberEmail })),
  'POST /api/v1/organization/update-member-role': body(organization('update-member-role'), (r) => ({
    memberId: r.memberId,
    role: 'admin',
  })),
  'POST /api/v1/organization/remove-member': body(organization('remove-member'), (r) => ({
    memberId: r.memberId,
  })),
  'POST /api/v1/organization/invite-member': body(organization('invite-member'), (r) => ({
    email: r.invitedEmail,
  })),
  'POST /api/v1/organization/resend-invitation': body(organization('resend-invitation'), (r) => ({
    invitationId: r.invitationId,
  })),
  'POST /api/v1/organization/cancel-invitation': body(organization('cancel-invitation'), (r) => ({
    invitationId: r.invitationId,
  })),
  'POST /api/v1/organization/accept-invitation': body(organization('accept-invitation'), (r) => ({
    invitationId: r.invitationId,
  })),
  'POST /api/v1/organization/reject-invitation': body(organization('reject-invitation'), (r) => ({
    invitationId: r.invitationId,
  })),
  'POST /api/v1/organization/create-team': body(organization('create-team'), () => ({ name: 'Matrix Team' })),
  'POST /api/v1/organization/update-team': body(organization('update-team'), (r) => ({
    teamId: r.teamId,
    name: 'Matrix Renamed Team',
  })),
  'POST /api/v1/organization/remove-team': body(organization('remove-team'), (r) => ({ teamId: r.teamId })),
  'POST /api/v1/organization/add-team-member': body(organization('add-team-member'), (r) => ({
    teamId: r.teamId,
    userId: r.memberUserId,
  })),
  'POST /api/v1/organization/remove-team-member': body(organization('remove-team-member'), (r) => ({
    teamId: r.teamId,
    userId: r.memberUserId,
  })),
  'POST /api/v1/trucks': body('/api/v1/trucks', () => validTruck),
  'PATCH /api/v1/trucks/:id': (r) => ({ path: `/api/v1/trucks/${r.truckId}`, body: { notes: 'matrix' } }),
  'DELETE /api/v1/trucks/:id': (r) => ({ path: `/api/v1/trucks/${r.truckId}` }),
  'POST /api/v1/loads': body('/api/v1/loads', () => validLoad),
  'PATCH /api/v1/loads/:id': (r) => ({ path: `/api/v1/loads/${r.loadId}`, body: { notes: 'matrix' } }),
  'DELETE /api/v1/loads/:id': (r) => ({ path: `/api/v1/loads/${r.loadId}` }),
  'POST /api/v1/trucks/:id/refresh': (r) => ({ path: `/api/v1/trucks/${r.truckId}/refresh`, body: {} }),
  'POST /api/v1/loads/:id/refresh': (r) => ({ path: `/api/v1/loads/${r.loadId}/refresh`, body: {} }),
  'POST /api/v1/admin/read-models/rebuild': body('/api/v1/admin/read-models/rebuild', () => ({
    groups: ['boards'],
  })),
  'GET /api/v1/organization/list': () => ({ path: organization('list') }),
  'GET /api/v1/organization/get-full-organization': () => ({ path: organization('get-full-organization') }),
  'GET /api/v1/organization/list-roles': () => ({ path: organization('list-roles') }),
  'GET /api/v1/organization/list-members': () => ({
    path: organization('list-members'),
    query: { limit: '100' },
  }),
  'GET /api/v1/organization/member/:id': (r) => ({ path: organization(`member/${r.memberId}`) }),
  'GET /api/v1/organization/get-active-member': () => ({ path: organization('get-active-member') }),
  'GET /api/v1/organization/get-organization-invitations': () => ({
    path: organization('get-organization-invitations'),
  }),
  'GET /api/v1/organization/get-user-invitations': () => ({ path: organization('get-user-invitations') }),
  'GET /api/v1/organization/get-invitation': (r) => ({
    path: organization('get-invitation'),
    query: { id: r.invitationId },
  }),
  'GET /api/v1/organization/get-invitation-link': (r) => ({
    path: organization('get-invitation-link'),
    query: { id: r.invitationLinkId },
  }),
  'GET /api/v1/organization/list-teams': () => ({ path: organization('list-teams') }),
  'GET /api/v1/organization/list-user-teams': () => ({ path: organization('list-user-teams') }),
  'GET /api/v1/organization/list-team-members': (r) => ({
    path: organization('list-team-members'),
    query: { teamId: r.teamId },
  }),
  'GET /api/v1/admin/organizations': () => ({ path: '/api/v1/admin/organizations' }),
  'GET /api/v1/admin/organizations/:organizationId': (r) => ({
    path: `/api/v1/admin/organizations/${r.orgId}`,
  }),
  'GET /api/v1/admin/organizations/:organizationId/usage': (r) => ({
    path: `/api/v1/admin/organizations/${r.orgId}/usage`,
  }),
  'POST /api/v1/admin/organizations/:organizationId/limits': (r) => ({
    path: `/api/v1/admin/organizations/${r.orgId}/limits`,
    body: {
      organization: { email: { hour: 1, day: 2 }, sms: { hour: 1, day: 2 }, link: { hour: 1, day: 2 } },
      user: { email: { hour: 1, day: 2 }, sms: { hour: 1, day: 2 }, link: { hour: 1, day: 2 } },
    },
  }),
  'GET /api/v1/admin/overview': () => ({ path: '/api/v1/admin/overview' }),
  'GET /api/v1/admin/read-models': () => ({ path: '/api/v1/admin/read-models' }),
  'GET /api/v1/admin/read-models/groups': () => ({ path: '/api/v1/admin/read-models/groups' }),
  'GET /api/v1/admin/status': () => ({ path: '/api/v1/admin/status' }),
  'GET /api/v1/testing/lag': () => ({ path: '/api/v1/testing/lag' }),
  'POST /api/v1/testing/ping': body('/api/v1/testing/ping', () => ({
    pingId: '0b6f7a2e-4c1d-4e8a-9f3b-2a5c6d7e8f90',
  })),
  'POST /api/v1/testing/email': body('/api/v1/testing/email'),
  'POST /api/v1/testing/sms': body('/api/v1/testing/sms'),
  'GET /api/v1/activity': (r) => ({
    path: '/api/v1/activity',
    query: { kind: 'truck', subject: String(r.truckId), limit: '100' },
  }),
  'GET /api/v1/activity/export.csv': () => ({ path: '/api/v1/activity/export.csv' }),
  'GET /api/v1/events': () => ({ path: '/api/v1/events', query: { limit: '500' } }),
  'GET /api/v1/trucks': () => ({ path: '/api/v1/trucks', query: { limit: '100' } }),
  'GET /api/v1/trucks/:id': (r) => ({ path: `/api/v1/trucks/${r.truckId}` }),
  'GET /api/v1/trucks/:id/history': (r) => ({ path: `/api/v1/trucks/${r.truckId}/history` }),
  'GET /api/v1/loads': () => ({ path: '/api/v1/loads', query: { limit: '100' } }),
  'GET /api/v1/loads/:id': (r) => ({ path: `/api/v1/loads/${r.loadId}` }),
  'GET /api/v1/loads/:id/history': (r) => ({ path: `/api/v1/loads/${r.loadId}/history` }),
  'GET /api/v1/trucks/expired': () => ({ path: '/api/v1/trucks/expired', query: { limit: '100' } }),
  'GET /api/v1/loads/expired': () => ({ path: '/api/v1/loads/expired', query: { limit: '100' } }),
  // Every organization's sample trucks and loads name Chicago: a search answering another's would show its markers.
  'GET /api/v1/search': () => ({ path: '/api/v1/search', query: { q: 'Chicago', limit: '20' } }),
  'GET /api/v1/overview/monthly-counts': () => ({ path: '/api/v1/overview/monthly-counts' }),
  'GET /api/v1/overview/totals': () => ({ path: '/api/v1/overview/totals' }),
  'GET /api/v1/cities': () => ({ path: '/api/v1/cities', query: { state: 'IL', search: 'chi' } }),
  'POST /api/v1/envelopes': body('/api/v1/envelopes', () => ({
    type: 'client',
    deliveryMethod: 'email',
    receiverName: 'Matrix Client',
    receiverEmail: 'matrix-client@example.com',
  })),
  'POST /api/v1/envelopes/:envelopeId/void': (r) => ({
    path: `/api/v1/envelopes/${r.envelopeId}/void`,
    body: { voidReason: 'matrix' },
  }),
  'POST /api/v1/envelopes/:envelopeId/resend': (r) => ({
    path: `/api/v1/envelopes/${r.envelopeId}/resend`,
    body: {},
  }),
  'POST /api/v1/envelopes/:envelopeId/link': (r) => ({
    path: `/api/v1/envelopes/${r.envelopeId}/link`,
    body: {},
  }),
  'GET /api/v1/envelopes': () => ({ path: '/api/v1/envelopes', query: { limit: '100' } }),
  'GET /api/v1/envelopes/counts': () => ({ path: '/api/v1/envelopes/counts' }),
  'GET /api/v1/envelopes/:envelopeId': (r) => ({ path: `/api/v1/envelopes/${r.envelopeId}` }),
  'GET /api/v1/envelopes/:envelopeId/history': (r) => ({ path: `/api/v1/envelopes/${r.envelopeId}/history` }),
  'GET /api/v1/envelopes/:envelopeId/document': (r) => ({
    path: `/api/v1/envelopes/${r.envelopeId}/document`,
  }),
  'GET /api/v1/signing/:token': (r) => ({ path: `/api/v1/signing/${encodeURIComponent(r.signingToken)}` }),
  'POST /api/v1/signing/:token/sign': (r) => ({
    path: `/api/v1/signing/${encodeURIComponent(r.signingToken)}/sign`,
    body: { signerName: 'Matrix Signer' },
  }),
  'POST /api/v1/signing/:token/reject': (r) => ({
    path: `/api/v1/signing/${encodeURIComponent(r.signingToken)}/reject`,
    body: { reason: 'matrix' },
  }),
  'POST /api/v1/saved-searches': body('/api/v1/saved-searches', () => ({
    name: 'Matrix Watch',
    kind: 'radius',
    params: { state: 'IL', city: 'Chicago', radius: '150', trailerType: 'FLATBED' },
    alert: { inApp: true, email: false },
  })),
  'PATCH /api/v1/saved-searches/:id': (r) => ({
    path: `/api/v1/saved-searches/${r.savedSearchId}`,
    body: { name: 'Matrix Renamed Watch', alert: { email: false } },
  }),
  'DELETE /api/v1/saved-searches/:id': (r) => ({ path: `/api/v1/saved-searches/${r.savedSearchId}` }),
  'GET /api/v1/saved-searches': () => ({ path: '/api/v1/saved-searches' }),
  'GET /api/v1/notifications': () => ({ path: '/api/v1/notifications', query: { limit: '100' } }),
  'POST /api/v1/notifications/read': body('/api/v1/notifications/read'),
  'GET /api/v1/radius-search': () => ({
    path: '/api/v1/radius-search',
    query: { state: 'IL', city: 'Chicago', radius: '200' },
  }),
  'GET /api/v1/lane-search': () => ({
    path: '/api/v1/lane-search',
    query: {
      searchType: 'trucks',
      originState: 'IL',
      originCity: 'Chicago',
      originRadius: '200',
      destinationState: 'TX',
      destinationCity: 'Dallas',
      destinationRadius: '200',
    },
  }),
  'GET /api/v1/loads/:id/matches': (r) => ({
    path: `/api/v1/loads/${r.loadId}/matches`,
    query: { deadhead: '500' },
  }),
  'GET /api/v1/trucks/:id/matches': (r) => ({
    path: `/api/v1/trucks/${r.truckId}/matches`,
    query: { deadhead: '500' },
  }),
  'GET /api/v1/lane-history': () => ({
    path: '/api/v1/lane-history',
    query: {
      originState: 'IA',
      originCity: 'Des Moines',
      destinationState: 'IL',
      destinationCity: 'Chicago',
      radius: '100',
      trailerType: 'HIGH_SIDED_HOPPER',
      bucket: 'week',
    },
  }),
  'GET /api/v1/trucks/export.csv': () => ({ path: '/api/v1/trucks/export.csv' }),
  'GET /api/v1/loads/export.csv': () => ({ path: '/api/v1/loads/export.csv' }),
  'GET /api/v1/radius-search/export.csv': () => ({
    path: '/api/v1/radius-search/export.csv',
    query: { state: 'IL', city: 'Chicago', radius: '200' },
  }),
  'GET /api/v1/envelopes/export.csv': () => ({ path: '/api/v1/envelopes/export.csv' }),
  'POST /api/v1/trucks/import/preview': body('/api/v1/trucks/import/preview', () => ({
    csv: csvOf(validTruck),
  })),
  'POST /api/v1/trucks/import': body('/api/v1/trucks/import', () => ({ csv: csvOf(validTruck) })),
  'POST /api/v1/loads/import/preview': body('/api/v1/loads/import/preview', () => ({
    csv: csvOf(validLoad),
  })),
  'POST /api/v1/loads/import': body('/api/v1/loads/import', () => ({ csv: csvOf(validLoad) })),
  'POST /api/v1/webhooks': body('/api/v1/webhooks', () => ({
    url: 'https://127.0.0.1:9/matrix',
    description: 'Matrix hook',
    eventTypes: ['truck.posted', 'load.posted'],
  })),
  'PATCH /api/v1/webhooks/:id': (r) => ({
    path: `/api/v1/webhooks/${r.webhookId}`,
    body: { description: 'Matrix renamed hook', eventTypes: ['load.posted'] },
  }),
  'DELETE /api/v1/webhooks/:id': (r) => ({ path: `/api/v1/webhooks/${r.webhookId}` }),
  'POST /api/v1/webhooks/:id/rotate-secret': (r) => ({
    path: `/api/v1/webhooks/${r.webhookId}/rotate-secret`,
    body: {},
  }),
  'POST /api/v1/webhooks/:id/test': (r) => ({ path: `/api/v1/webhooks/${r.webhookId}/test`, body: {} }),
  'POST /api/v1/webhooks/:id/replay': (r) => ({
    path: `/api/v1/webhooks/${r.webhookId}/replay`,
    body: { after: '0' },
  }),
  'POST /api/v1/webhooks/:id/redeliver': (r) => ({
    path: `/api/v1/webhooks/${r.webhookId}/redeliver`,
    body: { eventId: '00000000-0000-4000-8000-000000000000' },
  }),
  'GET /api/v1/webhooks': () => ({ path: '/api/v1/webhooks' }),
  'POST /api/v1/api-keys': body('/api/v1/api-keys', () => ({
    name: 'Matrix key',
    scopes: ['postings:read'],
  })),
  'DELETE /api/v1/api-keys/:id': (r) => ({ path: `/api/v1/api-keys/${r.apiKeyId}` }),
  'GET /api/v1/api-keys': () => ({ path: '/api/v1/api-keys' }),
  'GET /api/v1/webhooks/:id/deliveries': (r) => ({
    path: `/api/v1/webhooks/${r.webhookId}/deliveries`,
    query: { pageSize: '100' },
  }),
};

export const routeKey = (route: RouteEntry) => `${route.method} ${route.url}`;

/**
 * The product's own routes: everything but the authentication service (its table is better-auth's),
 * the web app's files and the API reference's page and files (`/api/docs`, Scalar's).
 */
export function apiRoutes(app: TestApp): RouteEntry[] {
  return app.routes.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/auth/') &&
      !route.url.startsWith('/api/docs'),
  );
}

/**
 * Commands that end the caller's membership go last: run earlier, they would turn every later
 * request into a plain "not a member".
 */
export function membershipEndingLast(routes: RouteEntry[]): RouteEntry[] {
  const ending = new Set(['POST /api/v1/organization/delete', 'POST /api/v1/organization/leave']);
  return [
    ...routes.filter((route) => !ending.has(routeKey(route))),
    ...routes.filter((route) => ending.has(routeKey(route))),
  ];
}

// The matrices read what a request wrote with the kit's reader.
export { eventsSince } from '@dispatch/test-kit';

/**
 * The routes whose every accepted request sends something out of the building (or hands out a link
 * that can be), each counted against the sending quotas, and where what they send lands in the
 * outbox. The quota matrix exhausts each one's quota and sees 429 with nothing more sent.
 */
export const quotaGuardedRoutes: Record<
  string,
  {
    outbox: 'mail' | 'sms' | 'none';
    /** The sample's body for the n-th request, where repeating it as it is would be refused otherwise. */
    vary?: (body: Record<string, unknown>, n: number) => Record<string, unknown>;
  }
> = {
  'POST /api/v1/envelopes': { outbox: 'mail' },
  'POST /api/v1/envelopes/:envelopeId/resend': { outbox: 'mail' },
  'POST /api/v1/envelopes/:envelopeId/link': { outbox: 'none' },
  'POST /api/v1/organization/invite-member': {
    outbox: 'mail',
    vary: (body, n) => ({ ...body, email: `quota-invitee-${n}@example.com` }),
  },
  'POST /api/v1/organization/resend-invitation': { outbox: 'mail' },
  'POST /api/v1/testing/email': { outbox: 'mail' },
  'POST /api/v1/testing/sms': { outbox: 'sms' },
};

/** The limits the quota matrix runs with: small enough to reach in a few requests. */
export const quotaMatrixEnvironment: Record<string, string> = {
  QUOTA_ORGANIZATION_EMAIL: '4/4',
  QUOTA_USER_EMAIL: '4/4',
  QUOTA_RECEIVER_EMAIL: '3/3',
  QUOTA_ORGANIZATION_SMS: '3/3',
  QUOTA_USER_SMS: '3/3',
  QUOTA_RECEIVER_SMS: '3/3',
  QUOTA_ORGANIZATION_LINK: '2/2',
  QUOTA_USER_LINK: '2/2',
  QUOTA_RECEIVER_LINK: '2/2',
  QUOTA_YOUNG_ORGANIZATION_DAYS: '0',
};

/**
 * Where a route reads a state (docs/rules.md#validation: one of the 50 states or DC, by code or name
 * in any case, kept as its code): a body field (its path), a query parameter, or a cell of an imported
 * CSV row; and the label its message names ("Truck state must be a US state or DC").
 */
export type StateInput =
  | { in: 'body' | 'query'; path: string[]; label: string; cityPath?: string[] }
  | { in: 'csv'; record: Record<string, unknown>; field: string; label: string };

const truckStates: StateInput[] = [
  { in: 'body', path: ['truckState'], label: 'Truck state' },
  { in: 'body', path: ['preferedState'], label: 'Preferred state' },
];
const loadStates: StateInput[] = [
  { in: 'body', path: ['originState'], label: 'Origin state' },
  { in: 'body', path: ['destinationState'], label: 'Destination state' },
];
// A search is around a city of the state: the state comes with one of its cities.
const queryState: StateInput[] = [{ in: 'query', path: ['state'], label: 'State', cityPath: ['city'] }];

/** Every route that reads a state, with where. */
export const stateInputs: Record<string, StateInput[]> = {
  'POST /api/v1/trucks': truckStates,
  'PATCH /api/v1/trucks/:id': truckStates,
  'POST /api/v1/loads': loadStates,
  'PATCH /api/v1/loads/:id': loadStates,
  'POST /api/v1/saved-searches': [
    { in: 'body', path: ['params', 'state'], label: 'State', cityPath: ['params', 'city'] },
  ],
  'GET /api/v1/radius-search': queryState,
  'GET /api/v1/radius-search/export.csv': queryState,
  'GET /api/v1/lane-search': [
    { in: 'query', path: ['originState'], label: 'Origin state', cityPath: ['originCity'] },
    { in: 'query', path: ['destinationState'], label: 'Destination state', cityPath: ['destinationCity'] },
  ],
  'GET /api/v1/lane-history': [
    { in: 'query', path: ['originState'], label: 'Origin state', cityPath: ['originCity'] },
    { in: 'query', path: ['destinationState'], label: 'Destination state', cityPath: ['destinationCity'] },
  ],
  'GET /api/v1/cities': [{ in: 'query', path: ['state'], label: 'State' }],
  'POST /api/v1/trucks/import/preview': [
    { in: 'csv', record: validTruck, field: 'truckState', label: 'Truck state' },
    { in: 'csv', record: validTruck, field: 'preferedState', label: 'Preferred state' },
  ],
  'POST /api/v1/loads/import/preview': [
    { in: 'csv', record: validLoad, field: 'originState', label: 'Origin state' },
    { in: 'csv', record: validLoad, field: 'destinationState', label: 'Destination state' },
  ],
};

/**
 * States as people type them (codes, names, any case and spacing), with the code each is kept as and
 * one of its cities.
 */
export const knownStates: [typed: string, code: string, city: string][] = [
  ['TX', 'TX', 'Dallas'],
  ['tx', 'TX', 'Dallas'],
  [' Tx ', 'TX', 'Dallas'],
  ['Texas', 'TX', 'Dallas'],
  ['TEXAS', 'TX', 'Dallas'],
  ['new mexico', 'NM', 'Albuquerque'],
  ['New  Mexico', 'NM', 'Albuquerque'],
  ['NEW YORK', 'NY', 'Buffalo'],
  ['District of Columbia', 'DC', 'Washington'],
  ['dc', 'DC', 'Washington'],
  ['wy', 'WY', 'Cheyenne'],
  ['Rhode island', 'RI', 'Providence'],
];

/** Texts that are no US state or DC: refused on their field. */
export const unknownStates = [
  'XX',
  'zz',
  'TEXASS',
  'Tex.',
  'T X',
  'NewMexico',
  'PR',
  'Puerto Rico',
  'Ontario',
  'Texas!',
  '12',
];
