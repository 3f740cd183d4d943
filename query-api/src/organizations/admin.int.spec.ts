import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join, ownerWithOrganization, query, signIn } from '../testing/organization-fixtures.ts';
import { startTestApp, type TestApp } from '../testing/test-support.ts';

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

  it('refuses everyone else', async () => {
    for (const url of ['/api/v1/admin/organizations', '/api/v1/admin/overview']) {
      const response = await query(app, owner.cookie, url);
      expect([response.statusCode, response.json().message]).toEqual([403, 'Not authorized']);
    }
  });
});
