import type { PlatformRole } from '@dispatch/domain';
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access';

/**
 * The platform roles of docs/rules.md#roles-and-permissions as the admin plugin's access control: super_admin holds every
 * admin action on users and sessions; user and owner (an organization owner's platform role) hold none.
 */
export const platformAccessControl = createAccessControl(defaultStatements);

const noAdminActions = { user: [], session: [] } as const;

export const platformRoleGrants: Record<PlatformRole, ReturnType<typeof platformAccessControl.newRole>> = {
  user: platformAccessControl.newRole(noAdminActions),
  owner: platformAccessControl.newRole(noAdminActions),
  super_admin: platformAccessControl.newRole(adminAc.statements),
};

export const adminRole: PlatformRole = 'super_admin';
