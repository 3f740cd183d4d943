import { describe, expect, it } from 'vitest';
import {
  INVITATION_VALIDITY_MS,
  type Invitee,
  type OrganizationCommand,
  type OrganizationEvent,
  organizationDecider,
  organizationMessages,
} from '../index.ts';
import { DeciderSpecification } from '../shared/decider-specification.ts';

const org = 'org-1';
const now = '2026-03-01T12:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(now) + ms).toISOString();

const created: OrganizationEvent[] = [
  {
    type: 'OrganizationCreated',
    data: {
      organizationId: org,
      name: 'Acme',
      slug: 'acme',
      timeZone: 'America/Chicago',
      createdBy: 'u-owner',
    },
  },
  {
    type: 'MemberAdded',
    data: {
      organizationId: org,
      memberId: 'm-owner',
      userId: 'u-owner',
      role: 'owner',
      email: 'o@x.test',
      name: 'O',
    },
  },
  {
    type: 'MemberAdded',
    data: {
      organizationId: org,
      memberId: 'm-admin',
      userId: 'u-admin',
      role: 'admin',
      email: 'a@x.test',
      name: 'A',
    },
  },
  {
    type: 'MemberAdded',
    data: {
      organizationId: org,
      memberId: 'm-member',
      userId: 'u-member',
      role: 'member',
      email: 'm@x.test',
      name: 'M',
    },
  },
];

const invited: OrganizationEvent = {
  type: 'InvitationSent',
  data: {
    organizationId: org,
    invitationId: 'i-1',
    email: 'new@x.test',
    role: 'member',
    expiresAt: later(INVITATION_VALIDITY_MS),
    inviterId: 'u-admin',
    inviterEmail: 'a@x.test',
    inviterName: 'A',
    teamId: null,
  },
};

const spec = DeciderSpecification.for(organizationDecider, { metadata: { orgId: org, occurredAt: now } });
const given = spec.given;

const invitee: Invitee = { userId: 'u-new', email: 'New@x.test', name: 'New', emailVerified: true };

describe('organization decider: members', () => {
  it('changes a role when an admin asks', () => {
    given(created)
      .when({
        type: 'UpdateMemberRole',
        data: { actorId: 'u-admin', memberId: 'm-member', role: 'memberPlus' },
      })
      .then([
        {
          type: 'MemberRoleChanged',
          data: {
            organizationId: org,
            memberId: 'm-member',
            userId: 'u-member',
            role: 'memberPlus',
            previousRole: 'member',
          },
        },
      ]);
  });

  it('refuses a role change by a plain member with the permission message', () => {
    given(created)
      .when({
        type: 'UpdateMemberRole',
        data: { actorId: 'u-member', memberId: 'm-admin', role: 'member' },
      })
      .thenThrows({ kind: 'forbidden', message: 'You are not allowed to access resource: member' });
  });

  it('lets only an owner make or unmake an owner', () => {
    for (const command of [
      { actorId: 'u-admin', memberId: 'm-member', role: 'owner' as const },
      { actorId: 'u-admin', memberId: 'm-owner', role: 'member' as const },
    ]) {
      given(created).when({ type: 'UpdateMemberRole', data: command }).thenThrows({ kind: 'forbidden' });
    }
  });

  it('never loses the last owner: no demotion, removal or leaving', () => {
    given(created)
      .when({
        type: 'UpdateMemberRole',
        data: { actorId: 'u-owner', memberId: 'm-owner', role: 'admin' },
      })
      .thenThrows(organizationMessages.lastOwner);
    given(created)
      .when({ type: 'RemoveMember', data: { actorId: 'u-owner', memberId: 'm-owner' } })
      .thenThrows(organizationMessages.lastOwner);
    given(created)
      .when({ type: 'LeaveOrganization', data: { actorId: 'u-owner' } })
      .thenThrows(organizationMessages.lastOwnerLeaving);
  });

  it('lets an owner step down once another owner exists', () => {
    const twoOwners = [
      ...created,
      {
        type: 'MemberRoleChanged',
        data: {
          organizationId: org,
          memberId: 'm-admin',
          userId: 'u-admin',
          role: 'owner',
          previousRole: 'admin',
        },
      } as OrganizationEvent,
    ];
    given(twoOwners)
      .when({ type: 'LeaveOrganization', data: { actorId: 'u-owner' } })
      .then([{ type: 'MemberLeft', data: { organizationId: org, memberId: 'm-owner', userId: 'u-owner' } }]);
  });

  it('takes a removed member out of their teams too', () => {
    const withTeam: OrganizationEvent[] = [
      ...created,
      { type: 'TeamCreated', data: { organizationId: org, teamId: 't-1', name: 'Night shift' } },
      { type: 'TeamMemberAdded', data: { organizationId: org, teamId: 't-1', userId: 'u-member' } },
    ];
    given(withTeam)
      .when({ type: 'RemoveMember', data: { actorId: 'u-admin', memberId: 'm-member' } })
      .then([
        { type: 'TeamMemberRemoved', data: { organizationId: org, teamId: 't-1', userId: 'u-member' } },
        { type: 'MemberRemoved', data: { organizationId: org, memberId: 'm-member', userId: 'u-member' } },
      ]);
  });

  it('refuses anyone outside the organization', () => {
    given(created)
      .when({ type: 'RemoveMember', data: { actorId: 'u-stranger', memberId: 'm-member' } })
      .thenThrows({ kind: 'forbidden', message: 'You are not a member of this organization' });
  });
});

describe('organization decider: invitations', () => {
  const invite = (actorId: string, role: 'member' | 'admin' | 'owner' = 'member', email = 'new@x.test') =>
    ({
      type: 'InviteMember',
      data: {
        actorId,
        invitationId: 'i-1',
        email,
        role,
        teamId: null,
        inviter: { email: 'a@x.test', name: 'A' },
        now,
      },
    }) as const;

  it('sends an invitation valid for 48 hours', () => {
    given(created).when(invite('u-admin')).then([invited]);
  });

  it('refuses members, owner invitations by admins, members and open duplicates', () => {
    given(created).when(invite('u-member')).thenThrows('You are not allowed to access resource: invitation');
    given(created).when(invite('u-admin', 'owner')).thenThrows({ kind: 'forbidden' });
    given(created)
      .when(invite('u-admin', 'member', 'M@x.test'))
      .thenThrows(organizationMessages.alreadyMember);
    given([...created, invited])
      .when(invite('u-admin'))
      .thenThrows(organizationMessages.alreadyInvited);
  });

  it('accepts for the invited address: the invitee becomes a member with the invited role', () => {
    given([...created, invited])
      .when({
        type: 'AcceptInvitation',
        data: { invitationId: 'i-1', memberId: 'm-new', invitee, now },
      })
      .then([
        {
          type: 'InvitationAccepted',
          data: { organizationId: org, invitationId: 'i-1', userId: 'u-new', memberId: 'm-new' },
        },
        {
          type: 'MemberAdded',
          data: {
            organizationId: org,
            memberId: 'm-new',
            userId: 'u-new',
            role: 'member',
            invitationId: 'i-1',
            email: 'New@x.test',
            name: 'New',
          },
        },
      ]);
  });

  it('refuses another address and an unverified one', () => {
    const accept = (who: Invitee) =>
      given([...created, invited]).when({
        type: 'AcceptInvitation',
        data: { invitationId: 'i-1', memberId: 'm-new', invitee: who, now },
      });
    accept({ ...invitee, email: 'other@x.test' }).thenThrows(organizationMessages.notRecipient);
    accept({ ...invitee, emailVerified: false }).thenThrows(organizationMessages.emailNotVerified);
  });

  it('records the expiry when followed too late, then says so', () => {
    const late = later(INVITATION_VALIDITY_MS + 1);
    const accept: OrganizationCommand = {
      type: 'AcceptInvitation',
      data: { invitationId: 'i-1', memberId: 'm-new', invitee, now: late },
    };
    const expired: OrganizationEvent = {
      type: 'InvitationExpired',
      data: { organizationId: org, invitationId: 'i-1' },
    };
    given([...created, invited])
      .when(accept)
      .then([expired]);
    given([...created, invited, expired])
      .when(accept)
      .thenThrows(organizationMessages.invitationExpired);
  });

  it('says clearly that a canceled invitation is canceled', () => {
    const canceled: OrganizationEvent = {
      type: 'InvitationCanceled',
      data: { organizationId: org, invitationId: 'i-1' },
    };
    given([...created, invited])
      .when({ type: 'CancelInvitation', data: { actorId: 'u-admin', invitationId: 'i-1' } })
      .then([canceled]);
    given([...created, invited, canceled])
      .when({ type: 'RejectInvitation', data: { invitationId: 'i-1', invitee, now } })
      .thenThrows(organizationMessages.invitationCanceled);
  });

  it('resends an expired invitation with a fresh expiry', () => {
    const resendAt = later(INVITATION_VALIDITY_MS * 2);
    given([...created, invited])
      .when({
        type: 'ResendInvitation',
        data: { actorId: 'u-owner', invitationId: 'i-1', now: resendAt },
      })
      .then([
        {
          type: 'InvitationResent',
          data: {
            organizationId: org,
            invitationId: 'i-1',
            expiresAt: new Date(Date.parse(resendAt) + INVITATION_VALIDITY_MS).toISOString(),
          },
        },
      ]);
  });
});

describe('organization decider: organization and teams', () => {
  it('lets an admin rename but only an owner delete', () => {
    given(created)
      .when({ type: 'UpdateOrganization', data: { actorId: 'u-admin', name: 'Acme West' } })
      .then([{ type: 'OrganizationUpdated', data: { organizationId: org, name: 'Acme West' } }]);
    given(created)
      .when({ type: 'DeleteOrganization', data: { actorId: 'u-admin' } })
      .thenThrows('You are not allowed to access resource: organization');
    const deleted: OrganizationEvent = { type: 'OrganizationDeleted', data: { organizationId: org } };
    given(created)
      .when({ type: 'DeleteOrganization', data: { actorId: 'u-owner' } })
      .then([deleted]);
    given([...created, deleted])
      .when({ type: 'LeaveOrganization', data: { actorId: 'u-member' } })
      .thenThrows({ kind: 'not_found' });
  });

  it('keeps team names unique and team members inside the organization', () => {
    const team: OrganizationEvent = {
      type: 'TeamCreated',
      data: { organizationId: org, teamId: 't-1', name: 'Days' },
    };
    given([...created, team])
      .when({ type: 'CreateTeam', data: { actorId: 'u-admin', teamId: 't-2', name: 'days' } })
      .thenThrows(organizationMessages.teamExists);
    given([...created, team])
      .when({ type: 'AddTeamMember', data: { actorId: 'u-admin', teamId: 't-1', userId: 'u-stranger' } })
      .thenThrows({ kind: 'not_found' });
    given([...created, team])
      .when({ type: 'DeleteTeam', data: { actorId: 'u-member', teamId: 't-1' } })
      .thenThrows('You are not allowed to access resource: team');
  });
});

describe('organization decider: settings', () => {
  it('records a new time zone, and nothing when the zone and name are unchanged', () => {
    given(created)
      .when({ type: 'UpdateOrganization', data: { actorId: 'u-admin', timeZone: 'America/New_York' } })
      .then([{ type: 'OrganizationUpdated', data: { organizationId: org, timeZone: 'America/New_York' } }]);
    given(created)
      .when({
        type: 'UpdateOrganization',
        data: { actorId: 'u-owner', name: 'Acme', timeZone: 'America/Chicago' },
      })
      .then([]);
  });

  it('keeps the time zone of the last update', () => {
    const state = given([
      ...created,
      { type: 'OrganizationUpdated', data: { organizationId: org, timeZone: 'America/Denver' } },
      { type: 'OrganizationUpdated', data: { organizationId: org, name: 'Acme Freight' } },
    ]).state();
    expect(state).toMatchObject({ name: 'Acme Freight', timeZone: 'America/Denver' });
  });

  it('lets owners and admins change the settings, a member not; only an owner deletes', () => {
    given(created)
      .when({ type: 'UpdateOrganization', data: { actorId: 'u-member', timeZone: 'UTC' } })
      .thenThrows({ kind: 'forbidden', message: 'You are not allowed to access resource: organization' });
    given(created)
      .when({ type: 'DeleteOrganization', data: { actorId: 'u-admin' } })
      .thenThrows({ kind: 'forbidden' });
    given(created)
      .when({ type: 'DeleteOrganization', data: { actorId: 'u-owner' } })
      .then([{ type: 'OrganizationDeleted', data: { organizationId: org } }]);
  });
});
