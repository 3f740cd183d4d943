import type { MemberRole } from '../shared/enums.ts';
import { assertNever, forbidden } from '../shared/errors.ts';
import { POSTING_MAX_AGE_DAYS_DEFAULT } from '../shared/posting-expiry.ts';
import type { InvitationRole, OrganizationEvent } from './events.ts';

export interface OrganizationMember {
  memberId: string;
  userId: string;
  role: MemberRole;
  email: string;
}

export interface InvitationRecord {
  invitationId: string;
  email: string;
  role: InvitationRole;
  /** `expired` is recorded once someone followed the invitation too late. */
  status: 'pending' | 'accepted' | 'canceled' | 'rejected' | 'expired';
  expiresAt: string;
  teamId: string | null;
}

export interface TeamRecord {
  teamId: string;
  name: string;
  userIds: string[];
}

export type OrganizationState =
  | { status: 'none' }
  | {
      status: 'active';
      organizationId: string;
      name: string;
      slug: string;
      timeZone: string;
      /** Days after its last refresh a posting expires (docs/rules.md#posting-age-and-expiry). */
      postingMaxAgeDays: number;
      members: OrganizationMember[];
      invitations: Record<string, InvitationRecord>;
      teams: Record<string, TeamRecord>;
    }
  | { status: 'deleted'; organizationId: string };

export type ActiveOrganization = Extract<OrganizationState, { status: 'active' }>;

export const initialOrganizationState = (): OrganizationState => ({ status: 'none' });

function withInvitation(
  state: ActiveOrganization,
  invitationId: string,
  change: Partial<InvitationRecord>,
): ActiveOrganization {
  const invitation = state.invitations[invitationId];
  if (!invitation) return state;
  return { ...state, invitations: { ...state.invitations, [invitationId]: { ...invitation, ...change } } };
}

function withTeam(state: ActiveOrganization, teamId: string, change: (team: TeamRecord) => TeamRecord) {
  const team = state.teams[teamId];
  if (!team) return state;
  return { ...state, teams: { ...state.teams, [teamId]: change(team) } };
}

function withoutMember(state: ActiveOrganization, memberId: string): ActiveOrganization {
  return { ...state, members: state.members.filter((member) => member.memberId !== memberId) };
}

export function evolveOrganization(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  if (event.type === 'OrganizationCreated') {
    return {
      status: 'active',
      organizationId: event.data.organizationId,
      name: event.data.name,
      slug: event.data.slug,
      timeZone: event.data.timeZone,
      postingMaxAgeDays: POSTING_MAX_AGE_DAYS_DEFAULT,
      members: [],
      invitations: {},
      teams: {},
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'OrganizationUpdated':
      return {
        ...state,
        name: event.data.name ?? state.name,
        slug: event.data.slug ?? state.slug,
        timeZone: event.data.timeZone ?? state.timeZone,
        postingMaxAgeDays: event.data.postingMaxAgeDays ?? state.postingMaxAgeDays,
      };
    case 'OrganizationDeleted':
      return { status: 'deleted', organizationId: state.organizationId };
    case 'MemberAdded': {
      const { memberId, userId, role, email } = event.data;
      return {
        ...state,
        members: [...state.members, { memberId, userId, role, email: email.toLowerCase() }],
      };
    }
    case 'MemberRoleChanged':
      return {
        ...state,
        members: state.members.map((member) =>
          member.memberId === event.data.memberId ? { ...member, role: event.data.role } : member,
        ),
      };
    case 'MemberRemoved':
    case 'MemberLeft':
      return withoutMember(state, event.data.memberId);
    case 'InvitationSent': {
      const { invitationId, email, role, expiresAt, teamId } = event.data;
      return {
        ...state,
        invitations: {
          ...state.invitations,
          [invitationId]: { invitationId, email, role, expiresAt, teamId, status: 'pending' },
        },
      };
    }
    case 'InvitationResent':
      return withInvitation(state, event.data.invitationId, {
        status: 'pending',
        expiresAt: event.data.expiresAt,
      });
    case 'InvitationCanceled':
      return withInvitation(state, event.data.invitationId, { status: 'canceled' });
    case 'InvitationAccepted':
      return withInvitation(state, event.data.invitationId, { status: 'accepted' });
    case 'InvitationRejected':
      return withInvitation(state, event.data.invitationId, { status: 'rejected' });
    case 'InvitationExpired':
      return withInvitation(state, event.data.invitationId, { status: 'expired' });
    case 'TeamCreated':
      return {
        ...state,
        teams: {
          ...state.teams,
          [event.data.teamId]: { teamId: event.data.teamId, name: event.data.name, userIds: [] },
        },
      };
    case 'TeamUpdated':
      return withTeam(state, event.data.teamId, (team) => ({ ...team, name: event.data.name }));
    case 'TeamDeleted': {
      const { [event.data.teamId]: _deleted, ...teams } = state.teams;
      return { ...state, teams };
    }
    case 'TeamMemberAdded':
      return withTeam(state, event.data.teamId, (team) => ({
        ...team,
        userIds: [...team.userIds, event.data.userId],
      }));
    case 'TeamMemberRemoved':
      return withTeam(state, event.data.teamId, (team) => ({
        ...team,
        userIds: team.userIds.filter((userId) => userId !== event.data.userId),
      }));
    default:
      return assertNever(event);
  }
}

export const NOT_A_MEMBER_MESSAGE = 'You are not a member of this organization';

/** The membership a user holds in an organization, or a refusal. */
export function requireMembership(state: OrganizationState, userId: string): OrganizationMember {
  // A missing organization and one the user is not in are refused alike: nothing is disclosed.
  const member = state.status === 'active' ? state.members.find((m) => m.userId === userId) : undefined;
  if (!member) throw forbidden(NOT_A_MEMBER_MESSAGE);
  return member;
}

export const ownersOf = (state: ActiveOrganization) =>
  state.members.filter((member) => member.role === 'owner');
