import { z } from 'zod';
import { memberRoles } from '../shared/enums.ts';
import { email, plainText, searchText } from '../shared/fields.ts';
import { limitParam, oneOrMany, pageParam } from '../shared/list-query.ts';
import { invitationRoles, invitationStatuses } from './events.ts';

/** Inputs of the member, invitation and team commands; the organization always comes from the session. */

const id = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is not valid`)
    .check(plainText(label));

export const inviteMemberSchema = z
  .object({
    email: email('Email address', {
      length: 50,
      message: 'Email cannot be more than 50 characters',
    }).transform((address) => address.toLowerCase()),
    role: z
      .enum(invitationRoles, { error: 'Role must be member, memberPlus, admin or owner' })
      .default('member'),
    teamId: id('teamId').optional(),
  })
  .strict();
export type InviteMemberInput = z.output<typeof inviteMemberSchema>;

/** Adds someone who already has an account straight away, without an invitation. */
export const addMemberSchema = z
  .object({
    email: email('Email address', {
      length: 50,
      message: 'Email cannot be more than 50 characters',
    }).transform((address) => address.toLowerCase()),
    role: z.enum(memberRoles, { error: 'Role must be owner, admin, member or memberPlus' }).default('member'),
  })
  .strict();
export type AddMemberInput = z.output<typeof addMemberSchema>;

export const invitationIdSchema = z.object({ invitationId: id('invitationId') }).strict();

export const updateMemberRoleSchema = z
  .object({
    memberId: id('memberId'),
    role: z.enum(memberRoles, { error: 'Role must be owner, admin, member or memberPlus' }),
  })
  .strict();
export type UpdateMemberRoleInput = z.output<typeof updateMemberRoleSchema>;

export const memberIdSchema = z.object({ memberId: id('memberId') }).strict();

const teamName = z
  .string({ error: 'Team name is required' })
  .trim()
  .min(1, 'Team name is required')
  .max(60, 'Team name cannot be more than 60 characters')
  .check(plainText('Team name'));

export const createTeamSchema = z.object({ name: teamName }).strict();
export const updateTeamSchema = z.object({ teamId: id('teamId'), name: teamName }).strict();
export const teamIdSchema = z.object({ teamId: id('teamId') }).strict();
export const teamMemberSchema = z.object({ teamId: id('teamId'), userId: id('userId') }).strict();

/** Member and invitation pages count from 1 (docs/rules.md#constants-and-limits). */
const pageParams = {
  limit: limitParam(),
  page: pageParam(1),
  sort: z.enum(['asc', 'desc']).default('desc'),
  search: searchText('Search'),
};

/**
 * docs/rules.md#validation, members list. The role filter also takes memberPlus, so that every role a
 * member can hold can be listed.
 */
export const memberListQuerySchema = z.object({ ...pageParams, role: oneOrMany([...memberRoles]) }).strict();
export type MemberListQuery = z.output<typeof memberListQuerySchema>;

export const invitationListQuerySchema = z
  .object({ ...pageParams, status: oneOrMany([...invitationStatuses]) })
  .strict();
export type InvitationListQuery = z.output<typeof invitationListQuerySchema>;

/** The admin area's organizations list: every organization of the platform. */
export const adminOrganizationListQuerySchema = z.object({ ...pageParams }).strict();
export type AdminOrganizationListQuery = z.output<typeof adminOrganizationListQuerySchema>;

/** One organization in the admin area: its id in the path. */
export const adminOrganizationParamsSchema = z.object({ organizationId: id('organizationId') }).strict();
export type AdminOrganizationParams = z.output<typeof adminOrganizationParamsSchema>;
