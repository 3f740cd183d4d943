import { describe, expect, it } from 'vitest';
import {
  hasPermission,
  type MemberRole,
  type OrganizationResource,
  organizationStatements,
} from '../index.ts';

/** docs/rules.md#roles-and-permissions, row by row: what owner, admin and member (and memberPlus, a member) may do. */
const table: Record<OrganizationResource, Record<'owner' | 'admin' | 'member', readonly string[]>> = {
  organization: { owner: ['update', 'delete'], admin: ['update'], member: [] },
  member: { owner: ['create', 'update', 'delete'], admin: ['create', 'update', 'delete'], member: [] },
  invitation: { owner: ['create', 'cancel'], admin: ['create', 'cancel'], member: [] },
  team: { owner: ['create', 'update', 'delete'], admin: ['create', 'update', 'delete'], member: [] },
  ac: {
    owner: ['create', 'read', 'update', 'delete'],
    admin: ['create', 'read', 'update', 'delete'],
    member: ['read'],
  },
};

describe('organization permissions', () => {
  for (const [resource, byRole] of Object.entries(table) as [OrganizationResource, (typeof table)['ac']][]) {
    for (const role of ['owner', 'admin', 'member', 'memberPlus'] as MemberRole[]) {
      it(`${role} on ${resource}`, () => {
        const allowed = byRole[role === 'memberPlus' ? 'member' : role];
        for (const action of organizationStatements[resource]) {
          expect(hasPermission(role, resource, action as never)).toBe(allowed.includes(action));
        }
      });
    }
  }
});
