import type { Decider } from '../shared/decider.ts';
import type { MemberRole } from '../shared/enums.ts';
import { assertNever, conflict, forbidden, illegalState, notFound } from '../shared/errors.ts';
import type { InvitationRole, MemberProfile, OrganizationEvent } from './events.ts';
import { DEFAULT_TIME_ZONE } from './organization.ts';
import { notAllowedMessage, requirePermission } from './permissions.ts';
import {
  type ActiveOrganization,
  evolveOrganization,
  type InvitationRecord,
  initialOrganizationState,
  type OrganizationMember,
  type OrganizationState,
  ownersOf,
  requireMembership,
} from './state.ts';

/** Invitations are valid for 48 hours after they are sent or resent. */
export const INVITATION_VALIDITY_MS = 48 * 60 * 60 * 1000;

export const organizationMessages = {
  notFound: 'Organization not found',
  memberNotFound: 'Member not found',
  lastOwner: 'An organization must keep at least one owner',
  lastOwnerLeaving: 'You cannot leave the organization as the only owner',
  alreadyMember: 'User is already a member of this organization',
  alreadyInvited: 'User is already invited to this organization',
  invitationNotFound: 'Invitation not found',
  invitationExpired: 'This invitation has expired. Ask the organization for a new one.',
  invitationCanceled: 'This invitation was canceled',
  invitationAccepted: 'This invitation was already accepted',
  invitationRejected: 'This invitation was rejected',
  notRecipient: 'This invitation was sent to another email address',
  emailNotVerified: 'Verify your email address before accepting the invitation',
  userNotFound: 'No verified account uses this email address',
  teamNotFound: 'Team not found',
  teamExists: 'A team with this name already exists',
  alreadyTeamMember: 'User is already a member of this team',
  notTeamMember: 'User is not a member of this team',
} as const;

/** The signed-in user answering an invitation, as the session knows them. */
export interface Invitee extends MemberProfile {
  userId: string;
  emailVerified: boolean;
}

export type OrganizationCommand =
  | {
      type: 'CreateOrganization';
      data: {
        organizationId: string;
        name: string;
        slug: string;
        creator: { userId: string } & MemberProfile;
        memberId: string;
      };
    }
  | {
      type: 'UpdateOrganization';
      data: { actorId: string; name?: string; slug?: string; timeZone?: string; postingMaxAgeDays?: number };
    }
  | { type: 'DeleteOrganization'; data: { actorId: string } }
  | {
      type: 'InviteMember';
      data: {
        actorId: string;
        invitationId: string;
        email: string;
        role: InvitationRole;
        teamId: string | null;
        inviter: { email: string; name: string };
        now: string;
      };
    }
  | { type: 'ResendInvitation'; data: { actorId: string; invitationId: string; now: string } }
  | { type: 'CancelInvitation'; data: { actorId: string; invitationId: string } }
  | {
      type: 'AcceptInvitation';
      data: { invitationId: string; memberId: string; invitee: Invitee; now: string };
    }
  | { type: 'RejectInvitation'; data: { invitationId: string; invitee: Invitee; now: string } }
  | {
      type: 'AddMember';
      data: { actorId: string; memberId: string; user: { userId: string } & MemberProfile; role: MemberRole };
    }
  | { type: 'UpdateMemberRole'; data: { actorId: string; memberId: string; role: MemberRole } }
  | { type: 'RemoveMember'; data: { actorId: string; memberId: string } }
  | { type: 'LeaveOrganization'; data: { actorId: string } }
  | { type: 'CreateTeam'; data: { actorId: string; teamId: string; name: string } }
  | { type: 'UpdateTeam'; data: { actorId: string; teamId: string; name: string } }
  | { type: 'DeleteTeam'; data: { actorId: string; teamId: string } }
  | { type: 'AddTeamMember'; data: { actorId: string; teamId: string; userId: string } }
  | { type: 'RemoveTeamMember'; data: { actorId: string; teamId: string; userId: string } };

function requireActive(state: OrganizationState): ActiveOrganization {
  if (state.status !== 'active') throw notFound(organizationMessages.notFound);
  return state;
}

/** The acting member: the organization must exist and the actor must belong to it. */
function actingMember(state: OrganizationState, actorId: string) {
  const organization = requireActive(state);
  return { organization, actor: requireMembership(organization, actorId) };
}

function findMember(organization: ActiveOrganization, memberId: string): OrganizationMember {
  const member = organization.members.find((candidate) => candidate.memberId === memberId);
  if (!member) throw notFound(organizationMessages.memberNotFound);
  return member;
}

/** Only an owner may make, change or remove an owner: an admin cannot take an organization over. */
function requireOwnerFor(actor: OrganizationMember, resource: 'member' | 'invitation') {
  if (actor.role !== 'owner') throw forbidden(notAllowedMessage(resource));
}

function requireAnotherOwner(organization: ActiveOrganization, member: OrganizationMember, message: string) {
  if (member.role === 'owner' && ownersOf(organization).length <= 1) throw conflict(message);
}

const isExpired = (invitation: InvitationRecord, now: string) =>
  invitation.status === 'expired' || Date.parse(now) >= Date.parse(invitation.expiresAt);

const expiryFrom = (now: string) => new Date(Date.parse(now) + INVITATION_VALIDITY_MS).toISOString();

function findInvitation(organization: ActiveOrganization, invitationId: string): InvitationRecord {
  const invitation = organization.invitations[invitationId];
  if (!invitation) throw notFound(organizationMessages.invitationNotFound);
  return invitation;
}

/**
 * An invitation the invitee answers: it must be theirs and still open. A first answer after the expiry
 * records the expiry (and nothing else): the caller reports it.
 */
function answerableInvitation(
  organization: ActiveOrganization,
  invitationId: string,
  invitee: Invitee,
  now: string,
): { invitation: InvitationRecord; expired: OrganizationEvent[] | null } {
  const invitation = findInvitation(organization, invitationId);
  if (invitation.email !== invitee.email.toLowerCase()) throw forbidden(organizationMessages.notRecipient);
  if (invitation.status === 'canceled') throw illegalState(organizationMessages.invitationCanceled);
  if (invitation.status === 'accepted') throw illegalState(organizationMessages.invitationAccepted);
  if (invitation.status === 'rejected') throw illegalState(organizationMessages.invitationRejected);
  if (invitation.status === 'expired') throw illegalState(organizationMessages.invitationExpired);
  if (isExpired(invitation, now)) {
    return {
      invitation,
      expired: [
        { type: 'InvitationExpired', data: { organizationId: organization.organizationId, invitationId } },
      ],
    };
  }
  return { invitation, expired: null };
}

/** Leaving or being removed also takes the member out of every team. */
function teamExits(organization: ActiveOrganization, userId: string): OrganizationEvent[] {
  return Object.values(organization.teams)
    .filter((team) => team.userIds.includes(userId))
    .map((team) => ({
      type: 'TeamMemberRemoved',
      data: { organizationId: organization.organizationId, teamId: team.teamId, userId },
    }));
}

function findTeam(organization: ActiveOrganization, teamId: string) {
  const team = organization.teams[teamId];
  if (!team) throw notFound(organizationMessages.teamNotFound);
  return team;
}

function requireUniqueTeamName(organization: ActiveOrganization, name: string, except?: string) {
  const taken = Object.values(organization.teams).some(
    (team) => team.teamId !== except && team.name.toLowerCase() === name.toLowerCase(),
  );
  if (taken) throw conflict(organizationMessages.teamExists);
}

export function decideOrganization(
  command: OrganizationCommand,
  state: OrganizationState,
): OrganizationEvent[] {
  switch (command.type) {
    case 'CreateOrganization': {
      if (state.status !== 'none') throw conflict('Organization already exists');
      const { organizationId, name, slug, creator, memberId } = command.data;
      const { userId, ...profile } = creator;
      return [
        {
          type: 'OrganizationCreated',
          data: { organizationId, name, slug, timeZone: DEFAULT_TIME_ZONE, createdBy: userId },
        },
        { type: 'MemberAdded', data: { organizationId, memberId, userId, role: 'owner', ...profile } },
      ];
    }
    case 'UpdateOrganization': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requirePermission(actor.role, 'organization', 'update');
      const changes: { name?: string; slug?: string; timeZone?: string; postingMaxAgeDays?: number } = {};
      if (command.data.name !== undefined && command.data.name !== organization.name)
        changes.name = command.data.name;
      if (command.data.slug !== undefined && command.data.slug !== organization.slug)
        changes.slug = command.data.slug;
      if (command.data.timeZone !== undefined && command.data.timeZone !== organization.timeZone)
        changes.timeZone = command.data.timeZone;
      const { postingMaxAgeDays } = command.data;
      if (postingMaxAgeDays !== undefined && postingMaxAgeDays !== organization.postingMaxAgeDays)
        changes.postingMaxAgeDays = postingMaxAgeDays;
      if (Object.keys(changes).length === 0) return [];
      return [
        { type: 'OrganizationUpdated', data: { organizationId: organization.organizationId, ...changes } },
      ];
    }
    case 'DeleteOrganization': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requirePermission(actor.role, 'organization', 'delete');
      return [{ type: 'OrganizationDeleted', data: { organizationId: organization.organizationId } }];
    }
    case 'InviteMember': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requirePermission(actor.role, 'invitation', 'create');
      const { invitationId, role, teamId, inviter, now } = command.data;
      const email = command.data.email.toLowerCase();
      if (role === 'owner') requireOwnerFor(actor, 'invitation');
      if (organization.members.some((member) => member.email === email))
        throw conflict(organizationMessages.alreadyMember);
      const open = Object.values(organization.invitations).some(
        (invitation) =>
          invitation.email === email && invitation.status === 'pending' && !isExpired(invitation, now),
      );
      if (open) throw conflict(organizationMessages.alreadyInvited);
      if (teamId !== null) findTeam(organization, teamId);
      return [
        {
          type: 'InvitationSent',
          data: {
            organizationId: organization.organizationId,
            invitationId,
            email,
            role,
            expiresAt: expiryFrom(now),
            inviterId: actor.userId,
            inviterEmail: inviter.email,
            inviterName: inviter.name,
            teamId,
          },
        },
      ];
    }
    case 'ResendInvitation': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requirePermission(actor.role, 'invitation', 'create');
      const invitation = findInvitation(organization, command.data.invitationId);
      if (invitation.role === 'owner') requireOwnerFor(actor, 'invitation');
      if (invitation.status === 'canceled') throw illegalState(organizationMessages.invitationCanceled);
      if (invitation.status === 'accepted') throw illegalState(organizationMessages.invitationAccepted);
      if (invitation.status === 'rejected') throw illegalState(organizationMessages.invitationRejected);
      return [
        {
          type: 'InvitationResent',
          data: {
            organizationId: organization.organizationId,
            invitationId: invitation.invitationId,
            expiresAt: expiryFrom(command.data.now),
          },
        },
      ];
    }
    case 'CancelInvitation': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requirePermission(actor.role, 'invitation', 'cancel');
      const invitation = findInvitation(organization, command.data.invitationId);
      if (invitation.status === 'canceled') return [];
      if (invitation.status === 'accepted') throw illegalState(organizationMessages.invitationAccepted);
      if (invitation.status === 'rejected') throw illegalState(organizationMessages.invitationRejected);
      return [
        {
          type: 'InvitationCanceled',
          data: { organizationId: organization.organizationId, invitationId: invitation.invitationId },
        },
      ];
    }
    case 'AcceptInvitation': {
      const organization = requireActive(state);
      const { invitationId, invitee, memberId, now } = command.data;
      const { invitation, expired } = answerableInvitation(organization, invitationId, invitee, now);
      if (expired) return expired;
      if (!invitee.emailVerified) throw forbidden(organizationMessages.emailNotVerified);
      const { organizationId } = organization;
      const existing = organization.members.find((member) => member.userId === invitee.userId);
      const { userId, emailVerified: _verified, ...profile } = invitee;
      const events: OrganizationEvent[] = [
        {
          type: 'InvitationAccepted',
          data: { organizationId, invitationId, userId, memberId: existing?.memberId ?? memberId },
        },
      ];
      // Someone who already belongs keeps their membership and role; the invitation is simply used up.
      if (!existing) {
        events.push({
          type: 'MemberAdded',
          data: { organizationId, memberId, userId, role: invitation.role, invitationId, ...profile },
        });
      }
      const team = invitation.teamId ? organization.teams[invitation.teamId] : undefined;
      if (team && !team.userIds.includes(userId)) {
        events.push({ type: 'TeamMemberAdded', data: { organizationId, teamId: team.teamId, userId } });
      }
      return events;
    }
    case 'RejectInvitation': {
      const organization = requireActive(state);
      const { invitationId, invitee, now } = command.data;
      const { expired } = answerableInvitation(organization, invitationId, invitee, now);
      if (expired) return expired;
      return [
        {
          type: 'InvitationRejected',
          data: { organizationId: organization.organizationId, invitationId, userId: invitee.userId },
        },
      ];
    }
    case 'AddMember': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requirePermission(actor.role, 'member', 'create');
      const { memberId, role } = command.data;
      const { userId, ...profile } = command.data.user;
      if (role === 'owner') requireOwnerFor(actor, 'member');
      if (organization.members.some((member) => member.userId === userId))
        throw conflict(organizationMessages.alreadyMember);
      return [
        {
          type: 'MemberAdded',
          data: { organizationId: organization.organizationId, memberId, userId, role, ...profile },
        },
      ];
    }
    case 'UpdateMemberRole': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requirePermission(actor.role, 'member', 'update');
      const member = findMember(organization, command.data.memberId);
      const { role } = command.data;
      if (member.role === role) return [];
      if (member.role === 'owner' || role === 'owner') requireOwnerFor(actor, 'member');
      requireAnotherOwner(organization, member, organizationMessages.lastOwner);
      return [
        {
          type: 'MemberRoleChanged',
          data: {
            organizationId: organization.organizationId,
            memberId: member.memberId,
            userId: member.userId,
            role,
            previousRole: member.role,
          },
        },
      ];
    }
    case 'RemoveMember': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requirePermission(actor.role, 'member', 'delete');
      const member = findMember(organization, command.data.memberId);
      if (member.role === 'owner') requireOwnerFor(actor, 'member');
      requireAnotherOwner(organization, member, organizationMessages.lastOwner);
      return [
        ...teamExits(organization, member.userId),
        {
          type: 'MemberRemoved',
          data: {
            organizationId: organization.organizationId,
            memberId: member.memberId,
            userId: member.userId,
          },
        },
      ];
    }
    case 'LeaveOrganization': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requireAnotherOwner(organization, actor, organizationMessages.lastOwnerLeaving);
      return [
        ...teamExits(organization, actor.userId),
        {
          type: 'MemberLeft',
          data: {
            organizationId: organization.organizationId,
            memberId: actor.memberId,
            userId: actor.userId,
          },
        },
      ];
    }
    case 'CreateTeam': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requirePermission(actor.role, 'team', 'create');
      requireUniqueTeamName(organization, command.data.name);
      const { teamId, name } = command.data;
      return [{ type: 'TeamCreated', data: { organizationId: organization.organizationId, teamId, name } }];
    }
    case 'UpdateTeam': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requirePermission(actor.role, 'team', 'update');
      const team = findTeam(organization, command.data.teamId);
      if (team.name === command.data.name) return [];
      requireUniqueTeamName(organization, command.data.name, team.teamId);
      return [
        {
          type: 'TeamUpdated',
          data: { organizationId: organization.organizationId, teamId: team.teamId, name: command.data.name },
        },
      ];
    }
    case 'DeleteTeam': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requirePermission(actor.role, 'team', 'delete');
      const team = findTeam(organization, command.data.teamId);
      return [
        { type: 'TeamDeleted', data: { organizationId: organization.organizationId, teamId: team.teamId } },
      ];
    }
    case 'AddTeamMember': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      // Putting a member in a team changes the member, as in the authentication service's model.
      requirePermission(actor.role, 'member', 'update');
      const team = findTeam(organization, command.data.teamId);
      const { userId } = command.data;
      if (!organization.members.some((member) => member.userId === userId))
        throw notFound(organizationMessages.memberNotFound);
      if (team.userIds.includes(userId)) throw conflict(organizationMessages.alreadyTeamMember);
      return [
        {
          type: 'TeamMemberAdded',
          data: { organizationId: organization.organizationId, teamId: team.teamId, userId },
        },
      ];
    }
    case 'RemoveTeamMember': {
      const { organization, actor } = actingMember(state, command.data.actorId);
      requirePermission(actor.role, 'member', 'delete');
      const team = findTeam(organization, command.data.teamId);
      const { userId } = command.data;
      if (!team.userIds.includes(userId)) throw notFound(organizationMessages.notTeamMember);
      return [
        {
          type: 'TeamMemberRemoved',
          data: { organizationId: organization.organizationId, teamId: team.teamId, userId },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const organizationDecider: Decider<OrganizationState, OrganizationCommand, OrganizationEvent> = {
  initialState: initialOrganizationState,
  evolve: evolveOrganization,
  decide: decideOrganization,
};
