import { z } from 'zod';
import type { MemberRole } from '../shared/enums.ts';
import { assertNever, conflict, forbidden } from '../shared/errors.ts';

export const ORGANIZATION_SCHEMA_VERSION = 1;
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** First path segments the web app uses itself: an organization slug may never take one. */
export const RESERVED_SLUGS = new Set([
  'admin',
  'onboarding',
  'login',
  'sign-up',
  'forgot-password',
  'reset-password',
  'verify-email',
  'account',
  'api',
  'assets',
  'socket.io',
  'error',
]);

export const slugSchema = z
  .string()
  .trim()
  .min(2, 'Slug must be at least 2 characters')
  .max(48, 'Slug cannot be more than 48 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slug may contain lowercase letters, digits and single dashes')
  .refine((slug) => !RESERVED_SLUGS.has(slug), 'This slug is reserved');

export const createOrganizationSchema = z.object({
  name: z
    .string({ error: 'Organization name is required' })
    .trim()
    .min(1, 'Organization name is required')
    .max(60, 'Organization name cannot be more than 60 characters'),
  slug: slugSchema.optional(),
});
export type CreateOrganizationInput = z.output<typeof createOrganizationSchema>;

export const setActiveOrganizationSchema = z.object({
  organizationId: z.string({ error: 'organizationId is required' }).min(1, 'organizationId is required'),
});

/** Lowercase letters and digits joined by single dashes, e.g. "Acme Freight, Inc." → "acme-freight-inc". */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug.length >= 2 ? slug : `org-${slug || 'new'}`;
}

/** Candidate slugs in the order they are tried: the slug itself, then slug-2, slug-3, … */
export function* slugCandidates(base: string): Generator<string> {
  if (!RESERVED_SLUGS.has(base)) yield base;
  for (let n = 2; ; n++) yield `${base}-${n}`;
}

export const organizationStream = (organizationId: string) => `organization-${organizationId}`;
/** One stream per slug: appending with "no_stream" is what makes a slug unique. */
export const organizationSlugStream = (slug: string) => `organizationslug-${slug}`;

export type OrganizationEvent =
  | {
      type: 'OrganizationCreated';
      data: { organizationId: string; name: string; slug: string; timeZone: string; createdBy: string };
    }
  | {
      type: 'MemberAdded';
      data: {
        organizationId: string;
        memberId: string;
        userId: string;
        role: MemberRole;
        email: string;
        name: string;
      };
    };

export type SlugEvent = { type: 'OrganizationSlugReserved'; data: { slug: string; organizationId: string } };

export interface OrganizationMember {
  memberId: string;
  userId: string;
  role: MemberRole;
}

export type OrganizationState =
  | { status: 'none' }
  | { status: 'active'; organizationId: string; name: string; slug: string; members: OrganizationMember[] };

export type OrganizationCommand = {
  type: 'CreateOrganization';
  data: {
    organizationId: string;
    name: string;
    slug: string;
    creator: { userId: string; email: string; name: string };
    memberId: string;
  };
};

export const initialOrganizationState = (): OrganizationState => ({ status: 'none' });

export function evolveOrganization(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  switch (event.type) {
    case 'OrganizationCreated':
      return {
        status: 'active',
        organizationId: event.data.organizationId,
        name: event.data.name,
        slug: event.data.slug,
        members: [],
      };
    case 'MemberAdded':
      if (state.status !== 'active') return state;
      return {
        ...state,
        members: [
          ...state.members,
          { memberId: event.data.memberId, userId: event.data.userId, role: event.data.role },
        ],
      };
    default:
      return assertNever(event);
  }
}

export function decideOrganization(
  command: OrganizationCommand,
  state: OrganizationState,
): OrganizationEvent[] {
  switch (command.type) {
    case 'CreateOrganization': {
      if (state.status !== 'none') throw conflict('Organization already exists');
      const { organizationId, name, slug, creator, memberId } = command.data;
      return [
        {
          type: 'OrganizationCreated',
          data: { organizationId, name, slug, timeZone: DEFAULT_TIME_ZONE, createdBy: creator.userId },
        },
        {
          type: 'MemberAdded',
          data: {
            organizationId,
            memberId,
            userId: creator.userId,
            role: 'owner',
            email: creator.email,
            name: creator.name,
          },
        },
      ];
    }
    default:
      return assertNever(command.type);
  }
}

/** The membership a user holds in an organization, or a refusal. */
export function requireMembership(state: OrganizationState, userId: string): OrganizationMember {
  // A missing organization and one the user is not in are refused alike: nothing is disclosed.
  const member = state.status === 'active' ? state.members.find((m) => m.userId === userId) : undefined;
  if (!member) throw forbidden('You are not a member of this organization');
  return member;
}
