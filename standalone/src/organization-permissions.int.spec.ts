import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  command,
  join,
  ownerWithOrganization,
  query,
  signIn,
  verifiedUser,
} from './organization-fixtures.ts';
import { startTestApp, type TestApp } from './test-support.ts';

/**
 * docs/rules.md#roles-and-permissions, every row, over HTTP: owner, admin, member and memberPlus of one organization,
 * each allowed or refused with "You are not allowed to access resource: {resource}".
 */

type Role = 'owner' | 'admin' | 'member' | 'memberPlus';
const roles: Role[] = ['owner', 'admin', 'member', 'memberPlus'];

let app: TestApp;
let cookies: Record<Role, string>;
let target: { memberId: string };
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

beforeAll(async () => {
  app = await startTestApp();
  const owner = await ownerWithOrganization(app, 'perm-owner@example.com', 'Permission Freight');
  const admin = await join(app, owner.cookie, 'perm-admin@example.com', 'admin');
  const member = await join(app, owner.cookie, 'perm-member@example.com', 'member');
  const memberPlus = await join(app, owner.cookie, 'perm-plus@example.com', 'member');
  await command(app, owner.cookie, 'update-member-role', {
    memberId: memberPlus.memberId,
    role: 'memberPlus',
  });
  target = await join(app, owner.cookie, 'perm-target@example.com', 'member');
  cookies = {
    owner: owner.cookie,
    admin: admin.cookie,
    member: member.cookie,
    memberPlus: memberPlus.cookie,
  };
});
afterAll(() => app.stop());

/**
 * Who may do what (docs/rules.md#roles-and-permissions; memberPlus holds a member's rights). Adding a member directly is
 * for platform admins only (command-api/src/organizations/add-member-api.int.spec.ts): organizations take people in by invitation.
 */
const allowed: Record<string, Role[]> = {
  'organization:update': ['owner', 'admin'],
  'organization:delete': ['owner'],
  'member:create': [],
  'member:update': ['owner', 'admin'],
  'member:delete': ['owner', 'admin'],
  'invitation:create': ['owner', 'admin'],
  'invitation:cancel': ['owner', 'admin'],
  'team:create': ['owner', 'admin'],
  'team:update': ['owner', 'admin'],
  'team:delete': ['owner', 'admin'],
  'ac:read': ['owner', 'admin', 'member', 'memberPlus'],
};

/** Rows refused with a message of their own rather than the permission table's. */
const refusals: Record<string, string> = {
  'member:create': 'Only a platform admin can add a member directly; invite them instead',
};

/** Each row's call for one role; anything the call needs is made fresh by the owner first. */
const calls: Record<string, (role: Role) => Promise<LightMyRequestResponse>> = {
  'organization:update': (role) => command(app, cookies[role], 'update', { name: 'Permission Freight' }),
  'organization:delete': async (role) => {
    if (role !== 'owner') return command(app, cookies[role], 'delete');
    // The owner deletes an organization of their own in a second session, keeping the shared one.
    const session = await signIn(app, 'perm-owner@example.com');
    await command(app, session, 'create', { name: unique('Throwaway') });
    return command(app, session, 'delete');
  },
  'member:create': async (role) => {
    const email = `${unique('added')}@example.com`;
    await verifiedUser(app, email);
    return command(app, cookies[role], 'add-member', { email, role: 'member' });
  },
  'member:update': (role) =>
    command(app, cookies[role], 'update-member-role', {
      memberId: target.memberId,
      role: counter++ % 2 ? 'memberPlus' : 'member',
    }),
  'member:delete': async (role) => {
    const leaving = await join(app, cookies.owner, `${unique('leaving')}@example.com`);
    return command(app, cookies[role], 'remove-member', { memberId: leaving.memberId });
  },
  'invitation:create': (role) =>
    command(app, cookies[role], 'invite-member', {
      email: `${unique('invited')}@example.com`,
      role: 'member',
    }),
  'invitation:cancel': async (role) => {
    const invited = await command(app, cookies.owner, 'invite-member', {
      email: `${unique('canceled')}@example.com`,
    });
    return command(app, cookies[role], 'cancel-invitation', { invitationId: invited.json().data.id });
  },
  'team:create': (role) => command(app, cookies[role], 'create-team', { name: unique('Team') }),
  'team:update': async (role) => {
    const team = await command(app, cookies.owner, 'create-team', { name: unique('Team') });
    return command(app, cookies[role], 'update-team', {
      teamId: team.json().data.id,
      name: unique('Renamed'),
    });
  },
  'team:delete': async (role) => {
    const team = await command(app, cookies.owner, 'create-team', { name: unique('Team') });
    return command(app, cookies[role], 'remove-team', { teamId: team.json().data.id });
  },
  'ac:read': (role) => query(app, cookies[role], '/api/v1/organization/list-roles'),
};

describe('the permission table of docs/rules.md#roles-and-permissions over HTTP', () => {
  for (const [row, call] of Object.entries(calls)) {
    const resource = row.split(':')[0];
    for (const role of roles) {
      const may = allowed[row]?.includes(role) ?? false;
      it(`${row}: ${role} is ${may ? 'allowed' : 'refused'}`, async () => {
        const response = await call(role);
        if (may) {
          expect(response.statusCode, response.body).toBeLessThan(300);
        } else {
          expect(response.statusCode).toBe(403);
          expect(response.json().message).toBe(
            refusals[row] ?? `You are not allowed to access resource: ${resource}`,
          );
        }
      });
    }
  }

  it('a refused call changes nothing', async () => {
    const before = await query(app, cookies.owner, '/api/v1/organization/get-full-organization');
    await command(app, cookies.member, 'update', { name: 'Hijacked' });
    const after = await query(app, cookies.owner, '/api/v1/organization/get-full-organization');
    expect(after.json().data.name).toBe(before.json().data.name);
  });
});

describe('owners', () => {
  it('an admin can neither make an owner nor change one', async () => {
    const owner = await query(app, cookies.owner, '/api/v1/organization/get-active-member');
    const promote = await command(app, cookies.admin, 'update-member-role', {
      memberId: target.memberId,
      role: 'owner',
    });
    const demote = await command(app, cookies.admin, 'update-member-role', {
      memberId: owner.json().data.id,
      role: 'member',
    });
    const invite = await command(app, cookies.admin, 'invite-member', {
      email: 'would-be-owner@example.com',
      role: 'owner',
    });
    expect([promote.statusCode, demote.statusCode, invite.statusCode]).toEqual([403, 403, 403]);
  });

  it('the last owner can neither step down, be removed nor leave', async () => {
    const owner = await query(app, cookies.owner, '/api/v1/organization/get-active-member');
    const memberId = owner.json().data.id;
    const demote = await command(app, cookies.owner, 'update-member-role', { memberId, role: 'admin' });
    const remove = await command(app, cookies.owner, 'remove-member', { memberId });
    const leave = await command(app, cookies.owner, 'leave');
    expect(demote.json().message).toBe('An organization must keep at least one owner');
    expect(remove.json().message).toBe('An organization must keep at least one owner');
    expect(leave.json().message).toBe('You cannot leave the organization as the only owner');
    expect([demote.statusCode, remove.statusCode, leave.statusCode]).toEqual([409, 409, 409]);
    const still = await query(app, cookies.owner, '/api/v1/organization/get-active-member');
    expect(still.json().data.role).toBe('owner');
  });
});
