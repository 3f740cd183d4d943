import type { MemberRole, PlatformRole } from '../shared/enums.ts';
import type { InvitationRole, InvitationStatus } from './events.ts';
import type { RolePermissions } from './permissions.ts';

/** Response shapes of the organization calls (docs/rules.md#entities-and-fields and docs/rules.md#api-calls), shared by the APIs and the web app. */

/** The paged list response of docs/rules.md#entities-and-fields. */
export interface PagedList<T> {
  success: boolean;
  limit: number;
  page: number;
  count: number;
  totalCount: number;
  totalPages: number;
  data: T[];
}

export interface MemberUserView {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  phoneNumber?: string | null;
  firstName: string;
  lastName: string;
  /**
   * The member's platform role: present only when the viewer is a platform admin (it would tell
   * anyone else who the super_admins are).
   */
  role?: PlatformRole;
}

export interface MemberView {
  id: string;
  organizationId: string;
  userId: string;
  role: MemberRole;
  createdAt: string;
  user: MemberUserView;
}

/** The caller's own membership, with what its role allows. */
export interface ActiveMemberView extends MemberView {
  permissions: RolePermissions;
}

export interface InvitationView {
  id: string;
  organizationId: string;
  email: string;
  role: InvitationRole;
  status: InvitationStatus;
  expiresAt: string;
  inviterId: string;
  organizationName: string | null;
  inviterEmail: string | null;
  inviterName: string | null;
  teamId: string | null;
  createdAt: string;
}

export interface OrganizationView {
  id: string;
  name: string;
  slug: string;
  timeZone: string;
  postingMaxAgeDays: number;
  createdAt: string;
}

export interface TeamView {
  id: string;
  organizationId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}
