import {
  type InvitationView,
  type MemberView,
  type OrganizationView,
  POSTING_MAX_AGE_DAYS_DEFAULT,
  type TeamView,
} from '@dispatch/domain';
import {
  collections,
  type InvitationDocument,
  type MemberDocument,
  type OrganizationDocument,
  type TeamDocument,
} from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';

/** Read model documents in the response shapes of docs/rules.md#entities-and-fields. */

/** Who is looking at a member: only platform admins see members' platform roles. */
export interface MemberViewer {
  platformAdmin: boolean;
}

/**
 * A member as `viewer` may see them. Fellow members see each other's name, e-mail and phone; the
 * platform role (which would tell who is a super_admin) is left out unless the viewer is a platform
 * admin, who can read it in the admin area anyway.
 */
export function toMemberView(member: MemberDocument, viewer: MemberViewer): MemberView {
  const { role: platformRole, ...user } = member.user;
  return {
    id: member.id,
    organizationId: member.orgId,
    userId: member.userId,
    role: member.role,
    createdAt: member.createdAt,
    user: viewer.platformAdmin ? { ...user, role: platformRole } : user,
  };
}

export const toOrganizationView = (organization: OrganizationDocument): OrganizationView => ({
  id: organization.id,
  name: organization.name,
  slug: organization.slug,
  timeZone: organization.timeZone,
  postingMaxAgeDays: organization.postingMaxAgeDays ?? POSTING_MAX_AGE_DAYS_DEFAULT,
  createdAt: organization.createdAt,
});

export const toTeamView = (team: TeamDocument): TeamView => ({
  id: team.id,
  organizationId: team.orgId,
  name: team.name,
  createdAt: team.createdAt,
  updatedAt: team.updatedAt,
});

/** Invitations with the current name of their organization (null once it is gone). */
export async function toInvitationViews(
  documents: DocumentStore,
  invitations: InvitationDocument[],
): Promise<InvitationView[]> {
  const names = new Map<string, string | null>();
  for (const orgId of new Set(invitations.map((invitation) => invitation.orgId))) {
    const organization = await documents.get<OrganizationDocument>(collections.organizations, orgId);
    names.set(orgId, organization?.name ?? null);
  }
  return invitations.map((invitation) => ({
    id: invitation.id,
    organizationId: invitation.orgId,
    email: invitation.email,
    role: invitation.role,
    status: invitation.status,
    expiresAt: invitation.expiresAt,
    inviterId: invitation.inviterId,
    organizationName: names.get(invitation.orgId) ?? null,
    inviterEmail: invitation.inviterEmail ?? null,
    inviterName: invitation.inviterName ?? null,
    teamId: invitation.teamId,
    createdAt: invitation.createdAt,
  }));
}
