import { z } from 'zod';
import type { Decider } from '../shared/decider.ts';
import { conflict } from '../shared/errors.ts';
import { plainText } from '../shared/fields.ts';
import { POSTING_MAX_AGE_DAYS_MAX, POSTING_MAX_AGE_DAYS_MIN } from '../shared/posting-expiry.ts';
import { isValidTimeZone } from '../shared/time-zone.ts';

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
  'accept-invitation',
  // The receiver's signing page, /sign/{token}.
  'sign',
  'account',
  'api',
  'assets',
  'socket.io',
  'error',
  // The server's own paths outside the API: its metrics, each process's probes and the gateway's health.
  'metrics',
  'live',
  'ready',
  'healthz',
]);

export const slugSchema = z
  .string()
  .trim()
  .min(2, 'Slug must be at least 2 characters')
  .max(48, 'Slug cannot be more than 48 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slug may contain lowercase letters, digits and single dashes')
  .refine((slug) => !RESERVED_SLUGS.has(slug), 'This slug is reserved');

const organizationName = z
  .string({ error: 'Organization name is required' })
  .trim()
  .min(1, 'Organization name is required')
  .max(60, 'Organization name cannot be more than 60 characters')
  .check(plainText('Organization name'));

export const createOrganizationSchema = z.object({
  name: organizationName,
  slug: slugSchema.optional(),
});
export type CreateOrganizationInput = z.output<typeof createOrganizationSchema>;

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list';

/**
 * The IANA name Intl gives `timeZone` ("US/Central" and "america/chicago" are "America/Chicago"),
 * or null when it knows no such zone. Nothing is cached for a name that is not canonical.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
    return isValidTimeZone(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

/** An organization's time zone: any zone Intl knows, kept under its canonical name. */
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .min(1, { error: TIME_ZONE_MESSAGE, abort: true })
  .max(64, { error: TIME_ZONE_MESSAGE, abort: true })
  .transform((timeZone, context) => {
    const canonical = canonicalTimeZone(timeZone);
    if (canonical) return canonical;
    context.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
    return z.NEVER;
  });

/**
 * The zones of the United States, east to west, as the settings page offers them first (every
 * other IANA zone follows). Arizona keeps standard time all year, so it has its own.
 */
export const US_TIME_ZONES = [
  { timeZone: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
  { timeZone: 'America/New_York', label: 'Eastern' },
  { timeZone: 'America/Chicago', label: 'Central' },
  { timeZone: 'America/Denver', label: 'Mountain' },
  { timeZone: 'America/Phoenix', label: 'Mountain, no daylight saving (Arizona)' },
  { timeZone: 'America/Los_Angeles', label: 'Pacific' },
  { timeZone: 'America/Anchorage', label: 'Alaska' },
  { timeZone: 'Pacific/Honolulu', label: 'Hawaii' },
] as const;

/**
 * A rename, a new slug, a new time zone, or any of them together. The time zone is the one the
 * board's "today" and "yesterday" and the overview's months are counted in.
 */
export const POSTING_MAX_AGE_MESSAGE = `Posting max age must be a whole number of days from ${POSTING_MAX_AGE_DAYS_MIN} to ${POSTING_MAX_AGE_DAYS_MAX}`;

/** How many days after its last refresh a posting expires (docs/rules.md#posting-age-and-expiry). */
export const postingMaxAgeDaysSchema = z.coerce
  .number({ error: POSTING_MAX_AGE_MESSAGE })
  .int(POSTING_MAX_AGE_MESSAGE)
  .min(POSTING_MAX_AGE_DAYS_MIN, POSTING_MAX_AGE_MESSAGE)
  .max(POSTING_MAX_AGE_DAYS_MAX, POSTING_MAX_AGE_MESSAGE);

export const updateOrganizationSchema = z
  .object({
    name: organizationName.optional(),
    slug: slugSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    postingMaxAgeDays: postingMaxAgeDaysSchema.optional(),
  })
  .strict()
  .refine(
    (input) =>
      input.name !== undefined ||
      input.slug !== undefined ||
      input.timeZone !== undefined ||
      input.postingMaxAgeDays !== undefined,
    { message: 'Give a new name, slug, time zone or posting max age', path: ['name'] },
  );
export type UpdateOrganizationInput = z.output<typeof updateOrganizationSchema>;

/** The settings page's two forms: a rename, and a new time zone. */
export const organizationNameFormSchema = z.object({ name: organizationName });
export const organizationTimeZoneFormSchema = z.object({ timeZone: timeZoneSchema });
export const organizationPostingAgeFormSchema = z.object({ postingMaxAgeDays: postingMaxAgeDaysSchema });

export const setActiveOrganizationSchema = z.object({
  organizationId: z
    .string({ error: 'organizationId is required' })
    .min(1, 'organizationId is required')
    .max(100, 'organizationId is not valid')
    .check(plainText('organizationId')),
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
/**
 * One stream per slug: appending with "no_stream" is what makes a slug unique. A slug stays with
 * the organization that first took it, also after a rename or deletion, so an old link never
 * leads into another organization.
 */
export const organizationSlugStream = (slug: string) => `organizationslug-${slug}`;

export type SlugEvent = { type: 'OrganizationSlugReserved'; data: { slug: string; organizationId: string } };

export type ReserveSlug = { type: 'ReserveSlug'; data: { slug: string; organizationId: string } };

export const slugTakenMessage = (slug: string) => `The slug "${slug}" is already taken`;

/** A slug's stream: the organization that reserved it first, null while it is free. */
export const slugReservationDecider: Decider<{ organizationId: string | null }, ReserveSlug, SlugEvent> = {
  initialState: () => ({ organizationId: null }),
  evolve: (state, event) =>
    state.organizationId === null ? { organizationId: event.data.organizationId } : state,
  decide: (command, state) => {
    if (state.organizationId !== null) throw conflict(slugTakenMessage(command.data.slug));
    return [{ type: 'OrganizationSlugReserved', data: command.data }];
  },
};
