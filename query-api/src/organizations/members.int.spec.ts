import { command, join, ownerWithOrganization, query, startTestApp, type TestApp } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithOrganization(app, 'list-owner@example.com', 'Listing Freight');
  await join(app, owner.cookie, 'ann.admin@example.com', 'admin');
  await join(app, owner.cookie, 'bob.member@example.com', 'member');
  await join(app, owner.cookie, 'cy.member@example.com', 'member');
  const plus = await join(app, owner.cookie, 'dee.plus@example.com', 'member');
  await command(app, owner.cookie, 'update-member-role', { memberId: plus.memberId, role: 'memberPlus' });
});
afterAll(() => app.stop());

const list = (search: string) => query(app, owner.cookie, `/api/v1/organization/list-members${search}`);
const emails = (body: { data: { user: { email: string } }[] }) =>
  body.data.map((member) => member.user.email);

describe('GET /api/v1/organization/list-members', () => {
  it('answers the members page of docs/rules.md#entities-and-fields, newest first by default, pages from 1', async () => {
    const body = (await list('?limit=2')).json();
    expect(body).toMatchObject({ success: true, limit: 2, page: 1, count: 2, totalCount: 5, totalPages: 3 });
    expect(emails(body)).toEqual(['dee.plus@example.com', 'cy.member@example.com']);
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      organizationId: owner.organization.id,
      userId: expect.any(String),
      role: 'memberPlus',
      createdAt: expect.any(String),
      user: {
        id: body.data[0].userId,
        email: 'dee.plus@example.com',
        name: 'dee.plus',
        image: null,
        phoneNumber: null,
        firstName: expect.any(String),
        lastName: expect.any(String),
      },
    });
    // Members' platform roles are for platform admins only (command-api/src/organizations/add-member-api.int.spec.ts).
    expect(body.data[0].user).not.toHaveProperty('role');
    expect(emails((await list('?limit=2&page=3')).json())).toEqual(['list-owner@example.com']);
  });

  it('sorts ascending when asked', async () => {
    expect(emails((await list('?sort=asc&limit=1')).json())).toEqual(['list-owner@example.com']);
  });

  it('filters by one role or several, a single value becoming a list', async () => {
    expect(emails((await list('?role=admin')).json())).toEqual(['ann.admin@example.com']);
    const several = (await list('?role=owner&role=admin&sort=asc')).json();
    expect(emails(several)).toEqual(['list-owner@example.com', 'ann.admin@example.com']);
    expect((await list('?role=owner,member')).json().totalCount).toBe(3);
  });

  it('searches names and e-mail addresses, ignoring case', async () => {
    expect(emails((await list('?search=CY.MEM')).json())).toEqual(['cy.member@example.com']);
    expect(emails((await list('?search=Olive')).json())).toEqual(['list-owner@example.com']);
  });

  it('refuses bad parameters with field messages', async () => {
    const response = await list('?page=0&role=chief&sort=sideways');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['page', 'role.0', 'sort']);
  });

  it('reads one member by id and the caller as the active member', async () => {
    const first = (await list('?limit=1')).json().data[0];
    const one = await query(app, owner.cookie, `/api/v1/organization/member/${first.id}`);
    expect(one.json().data).toEqual(first);
    const me = (await query(app, owner.cookie, '/api/v1/organization/get-active-member')).json().data;
    expect(me).toMatchObject({ role: 'owner', user: { email: 'list-owner@example.com' } });
    expect(me.permissions.organization).toEqual(['update', 'delete']);
  });

  it('lists the teams of the signed-in user', async () => {
    const team = await command(app, owner.cookie, 'create-team', { name: 'Night shift' });
    const me = (await query(app, owner.cookie, '/api/v1/organization/get-active-member')).json().data;
    await command(app, owner.cookie, 'add-team-member', { teamId: team.json().data.id, userId: me.userId });
    const teams = await query(app, owner.cookie, '/api/v1/organization/list-user-teams');
    expect(teams.json().data).toMatchObject([{ id: team.json().data.id, name: 'Night shift' }]);
  });
});
