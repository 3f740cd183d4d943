import type { InvitationRole, InvitationStatus, MemberRole, PlatformRole } from '@dispatch/domain';
import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/** The organization read models as stored; every document also carries `orgId` and `position`. */

export type OrganizationDocument = {
  id: string;
  position: string;
  orgId: string;
  name: string;
  slug: string;
  timeZone: string;
  /**
   * The zones it had before, each with the position of the event that replaced it (oldest first;
   * absent until the first change). A posting's calendar counters were written in the zone in
   * force at its last event, so that is the zone they are taken back out of.
   */
  previousTimeZones?: { until: string; timeZone: string }[];
  /** Days after its last refresh a posting expires; absent until first set (the default then). */
  postingMaxAgeDays?: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  memberCount: number;
  /** Lower-cased name and slug: what the admin list searches. */
  search: string;
  // What the organization holds, so a deletion can take every document of it away.
  memberIds: string[];
  invitationIds: string[];
  teamIds: string[];
};

export type MemberDocument = {
  id: string;
  position: string;
  orgId: string;
  organizationId: string;
  userId: string;
  role: MemberRole;
  email: string;
  name: string;
  /** Lower-cased name and e-mail: what the members list searches. */
  search: string;
  createdAt: string;
  user: {
    id: string;
    email: string;
    name: string;
    image: string | null;
    phoneNumber: string | null;
    firstName: string;
    lastName: string;
    role: PlatformRole;
  };
};

export type InvitationDocument = {
  id: string;
  position: string;
  orgId: string;
  organizationId: string;
  email: string;
  role: InvitationRole;
  status: InvitationStatus;
  expiresAt: string;
  inviterId: string;
  inviterEmail: string | null;
  inviterName: string | null;
  teamId: string | null;
  /**
   * The organization's current name, lower-cased: what the invited user's list of invitations
   * searches (their address is fixed, so a search there narrows by organization).
   */
  search: string;
  createdAt: string;
  updatedAt: string;
};

export type TeamDocument = {
  id: string;
  position: string;
  orgId: string;
  organizationId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  userIds: string[];
};

export type TeamMemberDocument = {
  id: string;
  position: string;
  orgId: string;
  teamId: string;
  userId: string;
  createdAt: string;
};

export const teamMemberId = (teamId: string, userId: string) => `${teamId}:${userId}`;

/** The organization read models' collections: what the switcher, the guards, the members page, the invitation links and the admin area read. */

export const organizationsCollection: CollectionDefinition = {
  name: collections.organizations,
  fields: { slug: 'text', name: 'text', search: 'text', memberCount: 'number', createdAt: 'date' },
};

export const membersCollection: CollectionDefinition = {
  name: collections.members,
  fields: {
    orgId: 'text',
    userId: 'text',
    role: 'text',
    email: 'text',
    name: 'text',
    search: 'text',
    createdAt: 'date',
  },
  indexes: [['userId'], ['orgId', 'createdAt'], ['orgId', 'userId'], ['orgId', 'role']],
};

export const invitationsCollection: CollectionDefinition = {
  name: collections.invitations,
  fields: {
    orgId: 'text',
    email: 'text',
    status: 'text',
    search: 'text',
    createdAt: 'date',
    expiresAt: 'date',
  },
  indexes: [
    ['orgId', 'createdAt'],
    ['email', 'createdAt'],
  ],
};

export const teamsCollection: CollectionDefinition = {
  name: collections.teams,
  fields: { orgId: 'text', name: 'text', createdAt: 'date' },
};

export const teamMembersCollection: CollectionDefinition = {
  name: collections.teamMembers,
  fields: { orgId: 'text', teamId: 'text', userId: 'text' },
  indexes: [['orgId', 'userId']],
};
