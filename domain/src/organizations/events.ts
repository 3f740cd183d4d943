import type { MemberRole, PlatformRole } from '../shared/enums.ts';

/**
 * The roles an invitation may carry (docs/rules.md#entities-and-fields). memberPlus (Member+) is a member who may also
 * use sign-pro: an owner or admin can invite one directly rather than promote them afterwards.
 */
export const invitationRoles = ['member', 'memberPlus', 'admin', 'owner'] as const;
export type InvitationRole = (typeof invitationRoles)[number];

/** The statuses of docs/rules.md#states-and-transitions an invitation shows. */
export const invitationStatuses = ['accepted', 'canceled', 'pending', 'rejected'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** A member's profile as it was when they joined; the members list shows and searches it. */
export interface MemberProfile {
  email: string;
  name: string;
  firstName?: string;
  lastName?: string;
  image?: string | null;
  phoneNumber?: string | null;
  platformRole?: PlatformRole;
}

/**
 * Every event of the organization stream `organization-{id}`: the organization, its members,
 * invitations and teams are one aggregate, so the last-owner rule and membership checks are decided
 * on one consistent state.
 */
export type OrganizationEvent =
  | {
      type: 'OrganizationCreated';
      data: { organizationId: string; name: string; slug: string; timeZone: string; createdBy: string };
    }
  | {
      type: 'OrganizationUpdated';
      /** Only what changed. `timeZone` and `postingMaxAgeDays` came later: older events never carry them. */
      data: {
        organizationId: string;
        name?: string;
        slug?: string;
        timeZone?: string;
        postingMaxAgeDays?: number;
      };
    }
  | { type: 'OrganizationDeleted'; data: { organizationId: string } }
  | {
      type: 'MemberAdded';
      data: {
        organizationId: string;
        memberId: string;
        userId: string;
        role: MemberRole;
        /** Set when the member joined by accepting this invitation. */
        invitationId?: string;
      } & MemberProfile;
    }
  | {
      type: 'MemberRoleChanged';
      data: {
        organizationId: string;
        memberId: string;
        userId: string;
        role: MemberRole;
        previousRole: MemberRole;
      };
    }
  | { type: 'MemberRemoved'; data: { organizationId: string; memberId: string; userId: string } }
  | { type: 'MemberLeft'; data: { organizationId: string; memberId: string; userId: string } }
  | {
      type: 'InvitationSent';
      data: {
        organizationId: string;
        invitationId: string;
        email: string;
        role: InvitationRole;
        expiresAt: string;
        inviterId: string;
        inviterEmail: string;
        inviterName: string;
        teamId: string | null;
      };
    }
  | { type: 'InvitationResent'; data: { organizationId: string; invitationId: string; expiresAt: string } }
  | { type: 'InvitationCanceled'; data: { organizationId: string; invitationId: string } }
  | {
      type: 'InvitationAccepted';
      data: { organizationId: string; invitationId: string; userId: string; memberId: string };
    }
  | { type: 'InvitationRejected'; data: { organizationId: string; invitationId: string; userId: string } }
  /** Recorded when someone follows an invitation after its expiry. */
  | { type: 'InvitationExpired'; data: { organizationId: string; invitationId: string } }
  | { type: 'TeamCreated'; data: { organizationId: string; teamId: string; name: string } }
  | { type: 'TeamUpdated'; data: { organizationId: string; teamId: string; name: string } }
  | { type: 'TeamDeleted'; data: { organizationId: string; teamId: string } }
  | { type: 'TeamMemberAdded'; data: { organizationId: string; teamId: string; userId: string } }
  | { type: 'TeamMemberRemoved'; data: { organizationId: string; teamId: string; userId: string } };

export type OrganizationEventType = OrganizationEvent['type'];

export const organizationEventTypes: readonly OrganizationEventType[] = [
  'OrganizationCreated',
  'OrganizationUpdated',
  'OrganizationDeleted',
  'MemberAdded',
  'MemberRoleChanged',
  'MemberRemoved',
  'MemberLeft',
  'InvitationSent',
  'InvitationResent',
  'InvitationCanceled',
  'InvitationAccepted',
  'InvitationRejected',
  'InvitationExpired',
  'TeamCreated',
  'TeamUpdated',
  'TeamDeleted',
  'TeamMemberAdded',
  'TeamMemberRemoved',
];
