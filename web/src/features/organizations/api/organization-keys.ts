import type { InvitationsParams, MembersParams } from '../members-search';

/**
 * Query keys of organizations, members and invitations, built in one place so a mutation or a live
 * change notice invalidates with one line. The organization is part of every key of its data.
 */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => ['organizations', 'list'] as const,
  active: (organizationId: string) => ['organizations', 'active', organizationId] as const,
  activeMembers: () => ['organizations', 'active-member'] as const,
  activeMember: (organizationId: string) => ['organizations', 'active-member', organizationId] as const,
  members: () => ['organizations', 'members'] as const,
  memberPage: (organizationId: string, params: MembersParams) =>
    ['organizations', 'members', organizationId, params] as const,
  invitations: () => ['organizations', 'invitations'] as const,
  invitationPage: (organizationId: string, params: InvitationsParams) =>
    ['organizations', 'invitations', organizationId, params] as const,
  userInvitations: () => ['organizations', 'user-invitations'] as const,
  invitation: (invitationId: string) => ['organizations', 'invitation', invitationId] as const,
};

/** docs/rules.md#constants-and-limits: organization data is fresh for 5 minutes. */
export const ORGANIZATION_STALE_TIME = 5 * 60_000;
