import { describe, expect, it } from 'vitest';
import {
  type DomainError,
  decideOrganization,
  evolveOrganization,
  INVITATION_VALIDITY_MS,
  type Invitee,
  initialOrganizationState,
  type OrganizationCommand,
  type OrganizationEvent,
  organizationMessages,
} from '../index.ts';

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

const given = (events: OrganizationEvent[]) => events.reduce(evolveOrganization, initialOrganizationState());
const decide = (events: OrganizationEvent[], command: OrganizationCommand) =>
  decideOrganization(command, given(events));

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

const invitee: Invitee = { userId: 'u-new', email: 'New@x.test', name: 'New', emailVerified: true };

describe('organization decider: members', () => {
  it('changes a role when an admin asks', () => {
    expect(
      decide(created, {
        type: 'UpdateMemberRole',
        data: { actorId: 'u-admin', memberId: 'm-member', role: 'memberPlus' },
      }),
    ).toEqual([
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
    const error = refusal(() =>
      decide(created, {
        type: 'UpdateMemberRole',
        data: { actorId: 'u-member', memberId: 'm-admin', role: 'member' },
      }),
    );
    expect([error.kind, error.message]).toEqual([
      'forbidden',
      'You are not allowed to access resource: member',
    ]);
  });

  it('lets only an owner make or unmake an owner', () => {
    for (const command of [
      { actorId: 'u-admin', memberId: 'm-member', role: 'owner' as const },
      { actorId: 'u-admin', memberId: 'm-owner', role: 'member' as const },
    ]) {
      expect(refusal(() => decide(created, { type: 'UpdateMemberRole', data: command })).kind).toBe(
        'forbidden',
      );
    }
  });

  it('never loses the last owner: no demotion, removal or leaving', () => {
    expect(
      refusal(() =>
        decide(created, {
          type: 'UpdateMemberRole',
          data: { actorId: 'u-owner', memberId: 'm-owner', role: 'admin' },
        }),
      ).message,
    ).toBe(organizationMessages.lastOwner);
    expect(
      refusal(() =>
        decide(created, { type: 'RemoveMember', data: { actorId: 'u-owner', memberId: 'm-owner' } }),
      ).message,
    ).toBe(organizationMessages.lastOwner);
    expect(
      refusal(() => decide(created, { type: 'LeaveOrganization', data: { actorId: 'u-owner' } })).message,
    ).toBe(organizationMessages.lastOwnerLeaving);
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
    expect(decide(twoOwners, { type: 'LeaveOrganization', data: { actorId: 'u-owner' } })).toEqual([
      { type: 'MemberLeft', data: { organizationId: org, memberId: 'm-owner', userId: 'u-owner' } },
    ]);
  });

  it('takes a removed member out of their teams too', () => {
    const withTeam: OrganizationEvent[] = [
      ...created,
      { type: 'TeamCreated', data: { organizationId: org, teamId: 't-1', name: 'Night shift' } },
      { type: 'TeamMemberAdded', data: { organizationId: org, teamId: 't-1', userId: 'u-member' } },
    ];
    expect(
      decide(withTeam, { type: 'RemoveMember', data: { actorId: 'u-admin', memberId: 'm-member' } }),
    ).toEqual([
      { type: 'TeamMemberRemoved', data: { organizationId: org, teamId: 't-1', userId: 'u-member' } },
      { type: 'MemberRemoved', data: { organizationId: org, memberId: 'm-member', userId: 'u-member' } },
    ]);
  });

  it('refuses anyone outside the organization', () => {
    const error = refusal(() =>
      decide(created, { type: 'RemoveMember', data: { actorId: 'u-stranger', memberId: 'm-member' } }),
    );
    expect([error.kind, error.message]).toEqual(['forbidden', 'You are not a member of this organization']);
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
    expect(decide(created, invite('u-admin'))).toEqual([invited]);
  });

  it('refuses members, owner invitations by admins, members and open duplicates', () => {
    expect(refusal(() => decide(created, invite('u-member'))).message).toBe(
      'You are not allowed to access resource: invitation',
    );
    expect(refusal(() => decide(created, invite('u-admin', 'owner'))).kind).toBe('forbidden');
    expect(refusal(() => decide(created, invite('u-admin', 'member', 'M@x.test'))).message).toBe(
      organizationMessages.alreadyMember,
    );
    expect(refusal(() => decide([...created, invited], invite('u-admin'))).message).toBe(
      organizationMessages.alreadyInvited,
    );
  });

  it('accepts for the invited address: the invitee becomes a member with the invited role', () => {
    expect(
      decide([...created, invited], {
        type: 'AcceptInvitation',
        data: { invitationId: 'i-1', memberId: 'm-new', invitee, now },
      }),
    ).toEqual([
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
      decide([...created, invited], {
        type: 'AcceptInvitation',
        data: { invitationId: 'i-1', memberId: 'm-new', invitee: who, now },
      });
    expect(refusal(() => accept({ ...invitee, email: 'other@x.test' })).message).toBe(
      organizationMessages.notRecipient,
    );
    expect(refusal(() => accept({ ...invitee, emailVerified: false })).message).toBe(
      organizationMessages.emailNotVerified,
    );
  });

  it('records the expiry when followed too late, then says so', () => {
    const late = later(INVITATION_VALIDITY_MS + 1);
    const accept: OrganizationCommand = {
      type: 'AcceptInvitation',
      data: { invitationId: 'i-1', memberId: 'm-new', invitee, now: late },
    };
    const expired = decide([...created, invited], accept);
    expect(expired).toEqual([
      { type: 'InvitationExpired', data: { organizationId: org, invitationId: 'i-1' } },
    ]);
    expect(refusal(() => decide([...created, invited, ...expired], accept)).message).toBe(
      organizationMessages.invitationExpired,
    );
  });

  it('says clearly that a canceled invitation is canceled', () => {
    const canceled = decide([...created, invited], {
      type: 'CancelInvitation',
      data: { actorId: 'u-admin', invitationId: 'i-1' },
    });
    expect(canceled).toEqual([
      { type: 'InvitationCanceled', data: { organizationId: org, invitationId: 'i-1' } },
    ]);
    expect(
      refusal(() =>
        decide([...created, invited, ...canceled], {
          type: 'RejectInvitation',
          data: { invitationId: 'i-1', invitee, now },
        }),
      ).message,
    ).toBe(organizationMessages.invitationCanceled);
  });

  it('resends an expired invitation with a fresh expiry', () => {
    const resendAt = later(INVITATION_VALIDITY_MS * 2);
    expect(
      decide([...created, invited], {
        type: 'ResendInvitation',
        data: { actorId: 'u-owner', invitationId: 'i-1', now: resendAt },
      }),
    ).toEqual([
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
    expect(
      decide(created, { type: 'UpdateOrganization', data: { actorId: 'u-admin', name: 'Acme West' } }),
    ).toEqual([{ type: 'OrganizationUpdated', data: { organizationId: org, name: 'Acme West' } }]);
    expect(
      refusal(() => decide(created, { type: 'DeleteOrganization', data: { actorId: 'u-admin' } })).message,
    ).toBe('You are not allowed to access resource: organization');
    const deleted = decide(created, { type: 'DeleteOrganization', data: { actorId: 'u-owner' } });
    expect(
      refusal(() =>
        decide([...created, ...deleted], { type: 'LeaveOrganization', data: { actorId: 'u-member' } }),
      ).kind,
    ).toBe('not_found');
  });

  it('keeps team names unique and team members inside the organization', () => {
    const team: OrganizationEvent = {
      type: 'TeamCreated',
      data: { organizationId: org, teamId: 't-1', name: 'Days' },
    };
    expect(
      refusal(() =>
        decide([...created, team], {
          type: 'CreateTeam',
          data: { actorId: 'u-admin', teamId: 't-2', name: 'days' },
        }),
      ).message,
    ).toBe(organizationMessages.teamExists);
    expect(
      refusal(() =>
        decide([...created, team], {
          type: 'AddTeamMember',
          data: { actorId: 'u-admin', teamId: 't-1', userId: 'u-stranger' },
        }),
      ).kind,
    ).toBe('not_found');
    expect(
      refusal(() =>
        decide([...created, team], { type: 'DeleteTeam', data: { actorId: 'u-member', teamId: 't-1' } }),
      ).message,
    ).toBe('You are not allowed to access resource: team');
  });
});

describe('organization decider: settings', () => {
  it('records a new time zone, and nothing when the zone and name are unchanged', () => {
    expect(
      decide(created, {
        type: 'UpdateOrganization',
        data: { actorId: 'u-admin', timeZone: 'America/New_York' },
      }),
    ).toEqual([{ type: 'OrganizationUpdated', data: { organizationId: org, timeZone: 'America/New_York' } }]);
    expect(
      decide(created, {
        type: 'UpdateOrganization',
        data: { actorId: 'u-owner', name: 'Acme', timeZone: 'America/Chicago' },
      }),
    ).toEqual([]);
  });

  it('keeps the time zone of the last update', () => {
    const state = given([
      ...created,
      { type: 'OrganizationUpdated', data: { organizationId: org, timeZone: 'America/Denver' } },
      { type: 'OrganizationUpdated', data: { organizationId: org, name: 'Acme Freight' } },
    ]);
    expect(state).toMatchObject({ name: 'Acme Freight', timeZone: 'America/Denver' });
  });

  it('lets owners and admins change the settings, a member not; only an owner deletes', () => {
    const member = refusal(() =>
      decide(created, { type: 'UpdateOrganization', data: { actorId: 'u-member', timeZone: 'UTC' } }),
    );
    expect([member.kind, member.message]).toEqual([
      'forbidden',
      'You are not allowed to access resource: organization',
    ]);
    expect(
      refusal(() => decide(created, { type: 'DeleteOrganization', data: { actorId: 'u-admin' } })).kind,
    ).toBe('forbidden');
    expect(decide(created, { type: 'DeleteOrganization', data: { actorId: 'u-owner' } })).toEqual([
      { type: 'OrganizationDeleted', data: { organizationId: org } },
    ]);
  });
});
