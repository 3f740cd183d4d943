import {
  join,
  ownerWithOrganization,
  query,
  requestsWith,
  signIn,
  startTestApp,
  type TestApp,
  validTruck,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let admin: string;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;

beforeAll(async () => {
  app = await startTestApp();
  await app.infrastructure.auth.createUser({
    email: 'platform-admin@example.com',
    password: 'correct-horse-battery',
    name: 'Pat Admin',
    role: 'super_admin',
  });
  admin = await signIn(app, 'platform-admin@example.com');
  owner = await ownerWithOrganization(app, 'admin-area-owner@example.com', 'Admin Area Freight');
  await join(app, owner.cookie, 'admin-area-member@example.com');
  await ownerWithOrganization(app, 'second-owner@example.com', 'Second Freight');
});
afterAll(() => app.stop());

describe('the admin area', () => {
  it('lists every organization with member counts and owners, for a super_admin', async () => {
    const page = (await query(app, admin, '/api/v1/admin/organizations?sort=asc')).json();
    expect(page).toMatchObject({ success: true, page: 1, totalCount: 2, totalPages: 1 });
    expect(page.data[0]).toMatchObject({
      name: 'Admin Area Freight',
      slug: 'admin-area-freight',
      memberCount: 2,
      owners: [{ email: 'admin-area-owner@example.com', name: 'Olive Owner' }],
    });
    const found = (await query(app, admin, '/api/v1/admin/organizations?search=SECOND')).json();
    expect(found.data.map((organization: { slug: string }) => organization.slug)).toEqual(['second-freight']);
  });

  it('counts the platform', async () => {
    const counts = (await query(app, admin, '/api/v1/admin/overview')).json().data;
    expect(counts).toEqual({ organizations: 2, members: 3, pendingInvitations: 0 });
  });

  it('shows one organization read only: settings, board counts and members', async () => {
    const inject = requestsWith(() => app);
    const posted = await inject(owner.cookie, 'POST', '/api/v1/trucks', validTruck, { origin: app.url });
    expect(posted.statusCode).toBe(201);
    await app.projector.waitFor(BigInt(String(posted.headers['x-event-position'])), 5000);
    const response = await query(app, admin, `/api/v1/admin/organizations/${owner.organization.id}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      id: owner.organization.id,
      name: 'Admin Area Freight',
      slug: 'admin-area-freight',
      timeZone: 'America/Chicago',
      memberCount: 2,
      boards: { trucks: 1, loads: 0, envelopes: 0, pendingInvitations: 0 },
    });
    expect(data.members.map((member: { user: { email: string } }) => member.user.email)).toEqual([
      'admin-area-owner@example.com',
      'admin-area-member@example.com',
    ]);
    // A platform admin sees platform roles.
    expect(data.members[0].user.role).toBe('user');
  });

  it('answers 404 for an organization that does not exist, and a 4xx for a malformed id', async () => {
    const missing = await query(app, admin, '/api/v1/admin/organizations/no-such-organization');
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Organization not found']);
    // Past 100 characters the router itself refuses the path parameter.
    const long = await query(app, admin, `/api/v1/admin/organizations/${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(414);
    const blank = await query(app, admin, '/api/v1/admin/organizations/%20');
    expect([blank.statusCode, blank.json().errors]).toEqual([
      400,
      { organizationId: ['organizationId is required'] },
    ]);
  });

  it('refuses everyone else', async () => {
    for (const url of [
      '/api/v1/admin/organizations',
      '/api/v1/admin/overview',
      `/api/v1/admin/organizations/${owner.organization.id}`,
    ]) {
      const response = await query(app, owner.cookie, url);
      expect([response.statusCode, response.json().message]).toEqual([403, 'Not authorized']);
    }
  });
});
