import { z } from 'zod';
import { dataAnswer, instantAnswer, okAnswerSchema, pagedAnswer } from '../shared/answers.ts';
import { memberRoles, platformRoles } from '../shared/enums.ts';
import { invitationRoles, invitationStatuses } from './events.ts';
import { type OrganizationAction, type OrganizationResource, organizationStatements } from './permissions.ts';

/** Answers of the organization, member, invitation and team calls (docs/rules.md#entities-and-fields and docs/rules.md#api-calls). */

export const organizationAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  /** Days after its last refresh a posting expires (docs/rules.md#posting-age-and-expiry). */
  postingMaxAgeDays: z.number().int(),
  createdAt: instantAnswer(),
});

export const memberUserAnswerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  firstName: z.string(),
  lastName: z.string(),
  /** Present only when the viewer is a platform admin. */
  role: z.enum(platformRoles).optional(),
});

export const memberAnswerSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  role: z.enum(memberRoles),
  createdAt: instantAnswer(),
  user: memberUserAnswerSchema,
});

/** The actions a role may take on one resource, typed as the resource's own actions (RolePermissions). */
const actions = <R extends OrganizationResource>(resource: R) =>
  z.array(
    z.enum(
      organizationStatements[resource] as unknown as [OrganizationAction<R>, ...OrganizationAction<R>[]],
    ),
  );
export const rolePermissionsAnswerSchema = z.object({
  organization: actions('organization'),
  member: actions('member'),
  invitation: actions('invitation'),
  team: actions('team'),
  ac: actions('ac'),
});

export const invitationAnswerSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: z.enum(invitationRoles),
  status: z.enum(invitationStatuses),
  expiresAt: instantAnswer(),
  inviterId: z.string(),
  organizationName: z.string().nullable(),
  inviterEmail: z.string().nullable(),
  inviterName: z.string().nullable(),
  teamId: z.string().nullable(),
  createdAt: instantAnswer(),
});

export const teamAnswerSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  createdAt: instantAnswer(),
  updatedAt: instantAnswer(),
});

// Queries.
export const organizationListAnswerSchema = dataAnswer(
  z.array(organizationAnswerSchema.extend({ role: z.enum(memberRoles) })),
);
export const fullOrganizationAnswerSchema = dataAnswer(
  organizationAnswerSchema.extend({ memberCount: z.number().int(), role: z.enum(memberRoles) }).nullable(),
);
export const roleListAnswerSchema = dataAnswer(
  z.array(z.object({ role: z.enum(memberRoles), permissions: rolePermissionsAnswerSchema })),
);
export const membersPageAnswerSchema = pagedAnswer(memberAnswerSchema);
export const memberOneAnswerSchema = dataAnswer(memberAnswerSchema);
export const activeMemberAnswerSchema = dataAnswer(
  memberAnswerSchema.extend({ permissions: rolePermissionsAnswerSchema }),
);
export const invitationsPageAnswerSchema = pagedAnswer(invitationAnswerSchema);
export const invitationOneAnswerSchema = dataAnswer(invitationAnswerSchema);
/**
 * What an invitation's link shows before anyone signs in: who invites, to which organization, and the
 * address it was sent to. The link's id is the recipient's credential, as the mail carries it.
 */
export const invitationLinkAnswerSchema = dataAnswer(
  z.object({
    organizationName: z.string().nullable(),
    inviterName: z.string().nullable(),
    email: z.string(),
  }),
);
export type InvitationLinkView = z.infer<typeof invitationLinkAnswerSchema>['data'];
export const teamListAnswerSchema = dataAnswer(z.array(teamAnswerSchema));
export const teamMembersAnswerSchema = dataAnswer(
  z.array(z.object({ id: z.string(), teamId: z.string(), userId: z.string(), createdAt: instantAnswer() })),
);

// Commands.
const organizationRef = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export const organizationCommandAnswerSchema = dataAnswer(organizationRef);
export const memberCommandAnswerSchema = dataAnswer(
  z.object({
    id: z.string(),
    organizationId: z.string(),
    userId: z.string().optional(),
    role: z.enum(memberRoles),
  }),
);
/** An invitation as the command side answers it (the read side adds the inviter and creation time). */
export const invitationCommandAnswerSchema = z.object({
  success: z.literal(true),
  emailSent: z.boolean().optional(),
  data: invitationAnswerSchema
    .pick({
      id: true,
      organizationId: true,
      organizationName: true,
      email: true,
      role: true,
      status: true,
      expiresAt: true,
      teamId: true,
    })
    .nullable(),
});
export const acceptInvitationAnswerSchema = dataAnswer(
  z.object({
    invitation: invitationAnswerSchema.pick({ id: true, organizationId: true, status: true }).loose(),
    organization: organizationRef,
    member: z
      .object({ id: z.string(), userId: z.string(), organizationId: z.string(), role: z.enum(memberRoles) })
      .loose(),
  }),
);
export const teamCommandAnswerSchema = dataAnswer(
  z.object({ id: z.string(), organizationId: z.string(), name: z.string() }),
);
export { okAnswerSchema };

// The platform admin area.
export const adminOrganizationsPageAnswerSchema = pagedAnswer(
  organizationAnswerSchema.extend({ memberCount: z.number().int(), owners: z.array(memberUserAnswerSchema) }),
);
/**
 * One organization as a platform admin looks at it, read only: its settings, what its boards hold,
 * and its members (the first 100 by joining date, platform roles shown).
 */
export const adminOrganizationAnswerSchema = dataAnswer(
  organizationAnswerSchema.extend({
    memberCount: z.number().int(),
    boards: z.object({
      trucks: z.number().int(),
      loads: z.number().int(),
      envelopes: z.number().int(),
      pendingInvitations: z.number().int(),
    }),
    members: z.array(memberAnswerSchema),
  }),
);
export const adminOverviewAnswerSchema = dataAnswer(
  z
    .object({
      organizations: z.number().int(),
      members: z.number().int(),
      pendingInvitations: z.number().int(),
    })
    .loose(),
);
