import { join as joinPath } from 'node:path';
import { readOutbox } from '@dispatch/auth';
import { INVITATION_VALIDITY_MS, ORGANIZATION_SCHEMA_VERSION, organizationStream } from '@dispatch/domain';
import { newEventId } from '@dispatch/storage';
import {
  command,
  ownerWithOrganization,
  query,
  signUp,
  startTestApp,
  type TestApp,
  verifiedUser,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithOrganization(app, 'inviting-owner@example.com', 'Inviting Freight');
});
afterAll(() => app.stop());

const invitationMailTo = async (email: string) =>
  (await readOutbox(joinPath(app.dataDir, 'outbox'))).filter(
    (mail) => mail.to === email && mail.subject === 'You are invited to join Inviting Freight',
  );

async function invite(email: string, role = 'member') {
  const response = await command(app, owner.cookie, 'invite-member', { email, role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

describe('invitations end to end', () => {
  it('shows a link’s visitor, before any sign-in, who invites them where and the address it went to', async () => {
    const id = await invite('Link.Visitor@Example.com');
    const link = (path: string) => query(app, '', `/api/v1/organization/get-invitation-link?id=${path}`);
    const shown = await link(id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      success: true,
      data: {
        organizationName: 'Inviting Freight',
        inviterName: 'Olive Owner',
        email: 'link.visitor@example.com',
      },
    });
    expect((await link('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await link('')).statusCode).toBe(400);
    // Once answered, the link names nobody.
    const visitor = await signUp(app, 'link.visitor@example.com', 'Lee Visitor');
    expect((await command(app, visitor, 'reject-invitation', { invitationId: id })).statusCode).toBe(200);
    expect((await link(id)).statusCode).toBe(404);
  });

  it('mails an accept link; a new person signs up and lands in the organization as a member', async () => {
    const id = await invite('New.Colleague@Example.com');
    const [mail] = await invitationMailTo('new.colleague@example.com');
    expect(mail?.text).toContain('Olive Owner invited you to join Inviting Freight as Member.');
    expect(mail?.text).toContain(`${app.url}/accept-invitation/${id}`);

    const listed = await query(
      app,
      owner.cookie,
      '/api/v1/organization/get-organization-invitations?status=pending',
    );
    expect(listed.json()).toMatchObject({
      success: true,
      page: 1,
      limit: 10,
      count: 1,
      totalCount: 1,
      totalPages: 1,
    });
    expect(listed.json().data[0]).toMatchObject({
      id,
      organizationId: owner.organization.id,
      email: 'new.colleague@example.com',
      role: 'member',
      status: 'pending',
      organizationName: 'Inviting Freight',
      inviterEmail: 'inviting-owner@example.com',
      inviterName: 'Olive Owner',
    });

    const colleague = await signUp(app, 'new.colleague@example.com', 'Nia Colleague');
    const mine = await query(app, colleague, '/api/v1/organization/get-user-invitations');
    expect(mine.json().data.map((invitation: { id: string }) => invitation.id)).toEqual([id]);
    expect(
      (await query(app, colleague, `/api/v1/organization/get-invitation?id=${id}`)).json().data,
    ).toMatchObject({
      organizationName: 'Inviting Freight',
      status: 'pending',
    });

    const accepted = await command(app, colleague, 'accept-invitation', { invitationId: id });
    expect(accepted.json().data.organization).toMatchObject({
      id: owner.organization.id,
      slug: 'inviting-freight',
    });
    const session = (
      await app.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: colleague } })
    ).json();
    expect(session.session.activeOrganizationId).toBe(owner.organization.id);
    const me = await query(app, colleague, '/api/v1/organization/get-active-member');
    expect(me.json().data).toMatchObject({
      role: 'member',
      user: {
        email: 'new.colleague@example.com',
        name: 'Nia Colleague',
        firstName: 'Nia',
        lastName: 'Colleague',
      },
      permissions: { ac: ['read'], member: [] },
    });
    // Platform roles are shown to platform admins only.
    expect(me.json().data.user).not.toHaveProperty('role');
    const after = await query(
      app,
      owner.cookie,
      `/api/v1/organization/get-organization-invitations?status=accepted`,
    );
    expect(after.json().data.map((invitation: { id: string }) => invitation.id)).toEqual([id]);
  });
});

/**
 * A user's own invitations, searched by organization name: the search runs in the store on the
 * name the projector keeps with each invitation, so paging and totals hold for any number of them.
 * The organizations and invitations are written to the event store as the command side writes
 * them (creating 150 organizations through the API would take long).
 */
describe('GET /api/v1/organization/get-user-invitations with a search', () => {
  const email = 'sought-after@example.com';
  const ORGANIZATIONS = 150;
  /** The oldest 40 are "Prairie Grain Co-op {n}"; the 110 after them, "Other Haulers {n}". */
  const PRAIRIE = 40;
  const organizationIds = Array.from({ length: ORGANIZATIONS }, (_, n) => `sought-org-${n}`);
  const invitationIds = organizationIds.map((orgId) => `invitation-to-${orgId}`);
  const nameOf = (n: number) => (n < PRAIRIE ? `Prairie Grain Co-op ${n}` : `Other Haulers ${n}`);
  let cookie: string;
  let position = 0n;

  async function append(
    orgId: string,
    revision: bigint | 'no_stream',
    events: { type: string; data: object }[],
    at: Date,
  ) {
    const result = await app.infrastructure.eventStore.append(
      organizationStream(orgId),
      events.map((event) => ({
        id: newEventId(),
        type: event.type,
        data: { organizationId: orgId, ...event.data },
        metadata: {
          orgId,
          actorId: 'someone',
          correlationId: newEventId(),
          causationId: null,
          schemaVersion: ORGANIZATION_SCHEMA_VERSION,
          occurredAt: at.toISOString(),
        },
      })),
      { expected: revision },
    );
    position = result.position;
  }

  beforeAll(async () => {
    // One organization a minute, the first one 150 minutes ago: the Prairie ones are the oldest,
    // past the first 100 invitations of the newest-first list.
    const start = Date.now() - ORGANIZATIONS * 60_000;
    for (const [n, orgId] of organizationIds.entries()) {
      const at = new Date(start + n * 60_000);
      await append(
        orgId,
        'no_stream',
        [
          {
            type: 'OrganizationCreated',
            data: {
              name: nameOf(n),
              slug: `sought-org-${n}`,
              timeZone: 'America/Chicago',
              createdBy: 'someone',
            },
          },
          {
            type: 'InvitationSent',
            data: {
              invitationId: invitationIds[n],
              email,
              role: 'member',
              expiresAt: new Date(at.getTime() + INVITATION_VALIDITY_MS).toISOString(),
              inviterId: 'someone',
              inviterEmail: 'someone@example.com',
              inviterName: 'Some One',
              teamId: null,
            },
          },
        ],
        at,
      );
    }
    await app.projector.waitFor(position, 10_000);
    cookie = await verifiedUser(app, email, 'Sought After');
  });

  const mine = async (search: string) => {
    const response = await query(app, cookie, `/api/v1/organization/get-user-invitations?${search}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      page: number;
      limit: number;
      count: number;
      totalCount: number;
      totalPages: number;
      data: { id: string; organizationName: string }[];
    };
  };
  /** The Prairie invitations, newest first. */
  const prairie = () => invitationIds.slice(0, PRAIRIE).reverse();

  it('finds every match past the first hundred, ignoring case, with the true total', async () => {
    expect((await mine('limit=100')).totalCount).toBe(ORGANIZATIONS);
    const found = await mine('search=PRAIRIE%20grain&limit=100');
    expect(found).toMatchObject({ page: 1, limit: 100, count: PRAIRIE, totalCount: PRAIRIE, totalPages: 1 });
    expect(found.data.map((invitation) => invitation.id)).toEqual(prairie());
    expect(
      found.data.every((invitation) => invitation.organizationName.startsWith('Prairie Grain Co-op')),
    ).toBe(true);
  });

  it('pages the matches: each page holds the next ones, the totals are the same on every page', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await mine(`search=prairie&limit=15&page=${page}`));
    expect(pages.map((page) => [page.page, page.count, page.totalCount, page.totalPages])).toEqual([
      [1, 15, PRAIRIE, 3],
      [2, 15, PRAIRIE, 3],
      [3, 10, PRAIRIE, 3],
    ]);
    expect(pages.flatMap((page) => page.data.map((invitation) => invitation.id))).toEqual(prairie());
    const ascending = await mine('search=prairie&limit=15&page=3&sort=asc');
    expect(ascending.data.map((invitation) => invitation.id)).toEqual(invitationIds.slice(30, PRAIRIE));
    expect(await mine('search=prairie&limit=15&page=4')).toMatchObject({
      count: 0,
      totalCount: PRAIRIE,
      data: [],
    });
  });

  it('follows a rename of the organization, and narrows together with the status', async () => {
    const renamed = PRAIRIE + 5;
    await append(
      organizationIds[renamed] as string,
      1n,
      [{ type: 'OrganizationUpdated', data: { name: 'Prairie Express' } }],
      new Date(),
    );
    await app.projector.waitFor(position, 5000);
    const found = await mine('search=prairie&limit=100');
    expect(found.totalCount).toBe(PRAIRIE + 1);
    expect(found.data[0]).toMatchObject({ id: invitationIds[renamed], organizationName: 'Prairie Express' });
    expect((await mine('search=other%20haulers&limit=100')).totalCount).toBe(ORGANIZATIONS - PRAIRIE - 1);
    expect((await mine('search=prairie&status=accepted')).totalCount).toBe(0);
    expect((await mine('search=prairie&status=pending')).totalCount).toBe(PRAIRIE + 1);
  });
});
