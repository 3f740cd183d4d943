import {
  collections,
  type InvitationDocument,
  type MemberDocument,
  type OrganizationDocument,
  type TeamDocument,
} from '@dispatch/read-models';
import { userName } from './actors.ts';
import { change, created, edited } from './changes.ts';
import { type Describe, get, text } from './described.ts';

const invitationStatusAfter: Partial<Record<string, string>> = {
  InvitationCanceled: 'canceled',
  InvitationAccepted: 'accepted',
  InvitationRejected: 'rejected',
};

/** The entry of an event of the organization itself, of a member, an invitation or a team. */
export const describeOrganizationEvent: Describe = async (event, data, context) => {
  const orgId = String(data.organizationId);
  const type = event.type;
  if (type.startsWith('Organization')) {
    const before =
      type === 'OrganizationCreated' ? null : await get(context, collections.organizations, orgId);
    const base = { orgId, kind: 'organization' as const, subjectId: orgId };
    if (type === 'OrganizationCreated')
      return { ...base, subjectLabel: text(data.name), changes: created(data, ['name', 'slug', 'timeZone']) };
    if (type === 'OrganizationUpdated') {
      const changes = Object.fromEntries(
        (['name', 'slug', 'timeZone'] as const)
          .filter((field) => data[field] !== undefined)
          .map((f) => [f, data[f]]),
      );
      return {
        ...base,
        subjectLabel: text(data.name) ?? text((before as OrganizationDocument | null)?.name),
        changes: edited(before, changes),
      };
    }
    return { ...base, subjectLabel: text(before?.name), changes: [] };
  }
  if (type.startsWith('Member')) {
    const base = { orgId, kind: 'member' as const, subjectId: String(data.memberId) };
    if (type === 'MemberAdded')
      return {
        ...base,
        subjectLabel: text(data.email),
        changes: created(data, ['name', 'email', 'role']),
        actorName: event.metadata.actorId === data.userId ? text(data.name) : null,
      };
    const member = (await get(context, collections.members, data.memberId)) as MemberDocument | null;
    return {
      ...base,
      subjectLabel: member?.email ?? null,
      changes: type === 'MemberRoleChanged' ? change('role', data.previousRole, data.role) : [],
    };
  }
  if (type.startsWith('Invitation')) {
    const base = { orgId, kind: 'invitation' as const, subjectId: String(data.invitationId) };
    if (type === 'InvitationSent')
      return {
        ...base,
        subjectLabel: text(data.email),
        changes: created(data, ['email', 'role', 'expiresAt']),
        actorName: event.metadata.actorId === data.inviterId ? text(data.inviterName) : null,
      };
    const invitation = (await get(
      context,
      collections.invitations,
      data.invitationId,
    )) as InvitationDocument | null;
    const status = invitationStatusAfter[type];
    return {
      ...base,
      subjectLabel: invitation?.email ?? null,
      changes:
        type === 'InvitationResent'
          ? change('expiresAt', invitation?.expiresAt, data.expiresAt)
          : status
            ? change('status', invitation?.status, status)
            : [],
    };
  }
  // Teams.
  const team =
    type === 'TeamCreated'
      ? null
      : ((await get(context, collections.teams, data.teamId)) as TeamDocument | null);
  const base = { orgId, kind: 'team' as const, subjectId: String(data.teamId) };
  switch (type) {
    case 'TeamCreated':
      return { ...base, subjectLabel: text(data.name), changes: created(data, ['name']) };
    case 'TeamUpdated':
      return { ...base, subjectLabel: text(data.name), changes: change('name', team?.name, data.name) };
    case 'TeamMemberAdded':
      return {
        ...base,
        subjectLabel: team?.name ?? null,
        changes: change('member', null, await userName(context, orgId, data.userId)),
      };
    case 'TeamMemberRemoved':
      return {
        ...base,
        subjectLabel: team?.name ?? null,
        changes: change('member', await userName(context, orgId, data.userId), null),
      };
    default:
      return { ...base, subjectLabel: team?.name ?? null, changes: [] };
  }
};
