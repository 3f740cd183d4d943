import type { MemberRole } from '../shared/enums.ts';
import { forbidden } from '../shared/errors.ts';

/**
 * The permission model of docs/rules.md#roles-and-permissions for organization resources: what each member role may do.
 * The server enforces it on every command; the web app reads the same table to show or hide actions.
 */
export const organizationStatements = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
} as const;

export type OrganizationResource = keyof typeof organizationStatements;
export type OrganizationAction<R extends OrganizationResource = OrganizationResource> =
  (typeof organizationStatements)[R][number];
export type RolePermissions = { [R in OrganizationResource]: readonly OrganizationAction<R>[] };

const everything: RolePermissions = organizationStatements;
const readRolesOnly: RolePermissions = {
  organization: [],
  member: [],
  invitation: [],
  team: [],
  ac: ['read'],
};

export const rolePermissions: Record<MemberRole, RolePermissions> = {
  owner: everything,
  admin: { ...everything, organization: ['update'] },
  member: readRolesOnly,
  // memberPlus is a member with access to the sign-pro screens; the table gives it no further rights.
  memberPlus: readRolesOnly,
};

export function hasPermission<R extends OrganizationResource>(
  role: MemberRole,
  resource: R,
  action: OrganizationAction<R>,
): boolean {
  return (rolePermissions[role][resource] as readonly string[]).includes(action);
}

export const notAllowedMessage = (resource: OrganizationResource) =>
  `You are not allowed to access resource: ${resource}`;

export function requirePermission<R extends OrganizationResource>(
  role: MemberRole,
  resource: R,
  action: OrganizationAction<R>,
): void {
  if (!hasPermission(role, resource, action)) throw forbidden(notAllowedMessage(resource));
}
