import { type OrganizationEvent, organizationEventTypes } from '@dispatch/domain';
import {
  collections,
  type InvitationDocument,
  invitationsCollection,
  type MemberDocument,
  membersCollection,
  type OrganizationDocument,
  organizationsCollection,
  type TeamDocument,
  teamMemberId,
  teamMembersCollection,
  teamsCollection,
} from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { Projection, ProjectionContext } from '../projection.ts';

const searchText = (...parts: string[]) => parts.join(' ').toLowerCase();

/** Adds or takes away ids from the organization's own lists, so that a deletion finds everything it held. */
async function updateOrganization(
  context: ProjectionContext,
  orgId: string,
  change: (organization: OrganizationDocument) => Partial<OrganizationDocument>,
) {
  const organization = await context.get<OrganizationDocument>(collections.organizations, orgId);
  if (!organization) return;
  context.put(collections.organizations, { ...organization, ...change(organization) });
}

async function updateDocument<T extends { id: string; position: string }>(
  context: ProjectionContext,
  collection: string,
  id: string,
  change: (document: T) => Partial<T>,
): Promise<boolean> {
  const document = await context.get<T & { [field: string]: unknown }>(collection, id);
  if (!document) return false;
  context.put(collection, { ...document, ...change(document) });
  return true;
}

async function deleteOrganization(context: ProjectionContext, orgId: string) {
  const organization = await context.get<OrganizationDocument>(collections.organizations, orgId);
  if (!organization) return;
  for (const id of organization.memberIds) context.delete(collections.members, id);
  for (const id of organization.invitationIds) context.delete(collections.invitations, id);
  for (const teamId of organization.teamIds) await deleteTeam(context, teamId);
  context.delete(collections.organizations, orgId);
  context.changed('members', orgId, orgId);
  context.changed('invitations', orgId, orgId);
}

async function deleteTeam(context: ProjectionContext, teamId: string) {
  const team = await context.get<TeamDocument>(collections.teams, teamId);
  if (!team) return;
  for (const userId of team.userIds) context.delete(collections.teamMembers, teamMemberId(teamId, userId));
  context.delete(collections.teams, teamId);
}

/**
 * Organizations, members, invitations and teams: what the switcher, the guards, the members page,
 * the invitation links and the admin area read. Every change is announced to the organization's room.
 */
export const organizationsProjection: Projection = {
  name: 'organizations',
  collections: [
    organizationsCollection,
    membersCollection,
    invitationsCollection,
    teamsCollection,
    teamMembersCollection,
  ],
  // InvitationExpired changes nothing shown: an expired invitation is a pending one past its expiry.
  eventTypes: organizationEventTypes.filter((type) => type !== 'InvitationExpired'),
  async apply(recorded: RecordedEvent, context) {
    const event = recorded as unknown as OrganizationEvent;
    const at = recorded.metadata.occurredAt;
    const orgId = event.data.organizationId;
    switch (event.type) {
      case 'OrganizationCreated': {
        const { name, slug, timeZone, createdBy } = event.data;
        const organization: Omit<OrganizationDocument, 'position'> = {
          id: orgId,
          orgId,
          name,
          slug,
          timeZone,
          createdBy,
          createdAt: at,
          updatedAt: at,
          memberCount: 0,
          search: searchText(name, slug),
          memberIds: [],
          invitationIds: [],
          teamIds: [],
        };
        context.put(collections.organizations, organization);
        context.changed('organization', orgId, orgId);
        return;
      }
      case 'OrganizationUpdated': {
        const before = await context.get<OrganizationDocument>(collections.organizations, orgId);
        await updateOrganization(context, orgId, (organization) => {
          const name = event.data.name ?? organization.name;
          const slug = event.data.slug ?? organization.slug;
          const timeZone = event.data.timeZone ?? organization.timeZone;
          const previousTimeZones =
            timeZone === organization.timeZone
              ? organization.previousTimeZones
              : [
                  ...(organization.previousTimeZones ?? []),
                  { until: recorded.position.toString(), timeZone: organization.timeZone },
                ];
          return {
            name,
            slug,
            timeZone,
            ...(previousTimeZones ? { previousTimeZones } : {}),
            ...(event.data.postingMaxAgeDays !== undefined
              ? { postingMaxAgeDays: event.data.postingMaxAgeDays }
              : {}),
            search: searchText(name, slug),
            updatedAt: at,
          };
        });
        context.changed('organization', orgId, orgId);
        if (before && event.data.name !== undefined && event.data.name !== before.name) {
          // The invitations to it are searched by its name: they follow a rename.
          const search = searchText(event.data.name);
          for (const id of before.invitationIds) {
            await updateDocument<InvitationDocument>(context, collections.invitations, id, () => ({
              search,
            }));
          }
          if (before.invitationIds.length > 0) context.changed('invitations', orgId, orgId);
        }
        return;
      }
      case 'OrganizationDeleted':
        await deleteOrganization(context, orgId);
        context.changed('organization', orgId, orgId);
        return;
      case 'MemberAdded': {
        const { memberId, userId, role, email, name } = event.data;
        const member: Omit<MemberDocument, 'position'> = {
          id: memberId,
          orgId,
          organizationId: orgId,
          userId,
          role,
          email,
          name,
          search: searchText(name, email),
          createdAt: at,
          user: {
            id: userId,
            email,
            name,
            image: event.data.image ?? null,
            phoneNumber: event.data.phoneNumber ?? null,
            // Members who joined before profiles were recorded show their display name split in two.
            firstName: event.data.firstName ?? name.split(' ')[0] ?? '',
            lastName: event.data.lastName ?? name.split(' ').slice(1).join(' '),
            role: event.data.platformRole ?? 'user',
          },
        };
        context.put(collections.members, member);
        await updateOrganization(context, orgId, (organization) => ({
          memberCount: organization.memberCount + 1,
          memberIds: [...organization.memberIds, memberId],
        }));
        context.changed('members', orgId, memberId);
        return;
      }
      case 'MemberRoleChanged':
        await updateDocument<MemberDocument>(context, collections.members, event.data.memberId, () => ({
          role: event.data.role,
        }));
        context.changed('members', orgId, event.data.memberId);
        return;
      case 'MemberRemoved':
      case 'MemberLeft': {
        const { memberId } = event.data;
        context.delete(collections.members, memberId);
        await updateOrganization(context, orgId, (organization) => ({
          memberCount: Math.max(0, organization.memberCount - 1),
          memberIds: organization.memberIds.filter((id) => id !== memberId),
        }));
        context.changed('members', orgId, memberId);
        return;
      }
      case 'InvitationSent': {
        const { invitationId, email, role, expiresAt, inviterId, inviterEmail, inviterName, teamId } =
          event.data;
        const organization = await context.get<OrganizationDocument>(collections.organizations, orgId);
        const invitation: Omit<InvitationDocument, 'position'> = {
          id: invitationId,
          orgId,
          organizationId: orgId,
          email,
          role,
          status: 'pending',
          expiresAt,
          inviterId,
          inviterEmail,
          inviterName,
          teamId,
          search: searchText(organization?.name ?? ''),
          createdAt: at,
          updatedAt: at,
        };
        context.put(collections.invitations, invitation);
        await updateOrganization(context, orgId, (organization) => ({
          invitationIds: [...organization.invitationIds, invitationId],
        }));
        context.changed('invitations', orgId, invitationId);
        return;
      }
      case 'InvitationResent':
      case 'InvitationCanceled':
      case 'InvitationAccepted':
      case 'InvitationRejected': {
        const change: Partial<InvitationDocument> =
          event.type === 'InvitationResent'
            ? { status: 'pending', expiresAt: event.data.expiresAt, updatedAt: at }
            : {
                status: (
                  {
                    InvitationCanceled: 'canceled',
                    InvitationAccepted: 'accepted',
                    InvitationRejected: 'rejected',
                  } as const
                )[event.type],
                updatedAt: at,
              };
        await updateDocument<InvitationDocument>(
          context,
          collections.invitations,
          event.data.invitationId,
          () => change,
        );
        context.changed('invitations', orgId, event.data.invitationId);
        return;
      }
      case 'TeamCreated': {
        const { teamId, name } = event.data;
        const team: Omit<TeamDocument, 'position'> = {
          id: teamId,
          orgId,
          organizationId: orgId,
          name,
          createdAt: at,
          updatedAt: at,
          userIds: [],
        };
        context.put(collections.teams, team);
        await updateOrganization(context, orgId, (organization) => ({
          teamIds: [...organization.teamIds, teamId],
        }));
        return;
      }
      case 'TeamUpdated':
        await updateDocument<TeamDocument>(context, collections.teams, event.data.teamId, () => ({
          name: event.data.name,
          updatedAt: at,
        }));
        return;
      case 'TeamDeleted':
        await deleteTeam(context, event.data.teamId);
        await updateOrganization(context, orgId, (organization) => ({
          teamIds: organization.teamIds.filter((id) => id !== event.data.teamId),
        }));
        return;
      case 'TeamMemberAdded': {
        const { teamId, userId } = event.data;
        const added = await updateDocument<TeamDocument>(context, collections.teams, teamId, (team) => ({
          userIds: [...team.userIds, userId],
        }));
        if (added) {
          context.put(collections.teamMembers, {
            id: teamMemberId(teamId, userId),
            orgId,
            teamId,
            userId,
            createdAt: at,
          });
        }
        return;
      }
      case 'TeamMemberRemoved': {
        const { teamId, userId } = event.data;
        await updateDocument<TeamDocument>(context, collections.teams, teamId, (team) => ({
          userIds: team.userIds.filter((id) => id !== userId),
        }));
        context.delete(collections.teamMembers, teamMemberId(teamId, userId));
        return;
      }
      case 'InvitationExpired':
        return;
    }
  },
};
