import {
  command,
  createOrganization,
  join,
  ownerWithOrganization,
  query,
  signUp,
  startTestApp,
  type TestApp,
  verifiedUser,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const session = async (cookie: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json();

describe('organizations, first cut', () => {
  it('creates an organization with a slug derived from its name and makes it active', async () => {
    const cookie = await signUp(app, 'owner1@example.com');
    const created = await createOrganization(app, cookie, 'Acme Freight, Inc.');
    expect(created.slug).toBe('acme-freight-inc');
    expect((await session(cookie)).session.activeOrganizationId).toBe(created.id);
  });

  it('keeps slugs unique: the same name gets the next free slug', async () => {
    const first = await signUp(app, 'owner2@example.com');
    const second = await signUp(app, 'owner3@example.com');
    const a = await createOrganization(app, first, 'Twin Rivers');
    const b = await createOrganization(app, second, 'Twin Rivers');
    expect([a.slug, b.slug]).toEqual(['twin-rivers', 'twin-rivers-2']);
  });

  it('refuses a requested slug that is taken or reserved', async () => {
    const cookie = await signUp(app, 'owner4@example.com');
    await createOrganization(app, cookie, 'Taken Slug');
    const taken = await app.app.inject({
      method: 'POST',
      url: '/api/v1/organization/create',
      headers: { cookie },
      payload: { name: 'Other', slug: 'taken-slug' },
    });
    expect(taken.statusCode).toBe(409);
    const reserved = await app.app.inject({
      method: 'POST',
      url: '/api/v1/organization/create',
      headers: { cookie },
      payload: { name: 'Other', slug: 'admin' },
    });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().errors.slug).toEqual(['This slug is reserved']);
  });

  it("refuses to make another organization's id active, leaving the session as it was", async () => {
    const owner = await signUp(app, 'owner6@example.com');
    const outsider = await signUp(app, 'outsider@example.com');
    const org = await createOrganization(app, owner, 'Private Org');
    const own = await createOrganization(app, outsider, 'Outsider Org');
    for (const organizationId of [org.id, 'no-such-organization']) {
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/v1/organization/set-active',
        headers: { cookie: outsider },
        payload: { organizationId },
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await session(outsider)).session.activeOrganizationId).toBe(own.id);
  });
});

describe('organizations, update and delete', () => {
  it('renames and re-slugs; the old slug stays with the organization', async () => {
    const owner = await ownerWithOrganization(app, 'renamer@example.com', 'Old Name Freight');
    const admin = await join(app, owner.cookie, 'renamer-admin@example.com', 'admin');
    const renamed = await command(app, admin.cookie, 'update', {
      name: 'New Name Freight',
      slug: 'new-name',
    });
    expect(renamed.json().data).toEqual({
      id: owner.organization.id,
      name: 'New Name Freight',
      slug: 'new-name',
    });
    const full = await query(app, owner.cookie, '/api/v1/organization/get-full-organization');
    expect(full.json().data).toMatchObject({ name: 'New Name Freight', slug: 'new-name', memberCount: 2 });
    // The organization may take its old slug back; nobody else may.
    const other = await ownerWithOrganization(app, 'slug-taker@example.com', 'Taker');
    expect((await command(app, other.cookie, 'update', { slug: 'old-name-freight' })).statusCode).toBe(409);
    expect((await command(app, owner.cookie, 'update', { slug: 'old-name-freight' })).statusCode).toBe(200);
  });

  it('deletes with everything it held: members lose it, invitations to it disappear', async () => {
    const owner = await ownerWithOrganization(app, 'deleter@example.com', 'Short Lived Freight');
    const member = await join(app, owner.cookie, 'deleted-member@example.com');
    await command(app, owner.cookie, 'invite-member', { email: 'never-joins@example.com' });
    const invitee = await verifiedUser(app, 'never-joins@example.com');
    expect((await query(app, invitee, '/api/v1/organization/get-user-invitations')).json().totalCount).toBe(
      1,
    );

    expect((await command(app, owner.cookie, 'delete')).statusCode).toBe(200);
    expect(
      (await query(app, member.cookie, '/api/v1/organization/get-full-organization')).json().data,
    ).toBeNull();
    expect((await query(app, member.cookie, '/api/v1/organization/list-members')).statusCode).toBe(403);
    expect((await query(app, member.cookie, '/api/v1/organization/list')).json().data).toEqual([]);
    expect((await query(app, invitee, '/api/v1/organization/get-user-invitations')).json().totalCount).toBe(
      0,
    );
    expect((await session(owner.cookie)).session.activeOrganizationId).toBeNull();
  });
});
