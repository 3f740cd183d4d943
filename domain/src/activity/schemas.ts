import { z } from 'zod';
import type { MemberRole } from '../shared/enums.ts';
import { isRealIsoDate, plainText, REAL_DATE_MESSAGE, TEXT_MAX } from '../shared/fields.ts';
import { integerParam, LIMIT_MAX, oneOrMany } from '../shared/list-query.ts';

/**
 * The organization's activity log (GET /api/v1/activity and its CSV export): one entry per event of
 * the organization's trucks, loads, envelopes, members, invitations, teams, API keys and the organization
 * itself.
 */

/** What an entry is about. */
export const activityKinds = [
  'truck',
  'load',
  'envelope',
  'member',
  'invitation',
  'organization',
  'team',
  'apiKey',
] as const;
export type ActivityKind = (typeof activityKinds)[number];
export const activityKindLabels: Record<ActivityKind, string> = {
  truck: 'Truck',
  load: 'Load',
  envelope: 'Envelope',
  member: 'Member',
  invitation: 'Invitation',
  organization: 'Organization',
  team: 'Team',
  apiKey: 'API key',
};

/** Who may read the activity log: the organization's owners and admins. */
export const canSeeActivity = (role: MemberRole | null | undefined) => role === 'owner' || role === 'admin';
export const ACTIVITY_FORBIDDEN_MESSAGE = 'Only owners and admins may see the activity log';

/** Entries of one page when `limit` is not given. */
export const ACTIVITY_PAGE_DEFAULT = 50;

/** Digits of the largest position of the log (2^64 - 1): a cursor has at most as many. */
export const POSITION_DIGITS_MAX = 20;

const absentWhenEmpty = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** An id (a user's, a record's): trimmed text of at most TEXT_MAX characters. */
const idParam = (label: string) =>
  z.preprocess(
    absentWhenEmpty,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(TEXT_MAX, `${label} cannot be more than ${TEXT_MAX} characters`)
      .check(plainText(label))
      .optional(),
  );

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A bound of the period, on when the event happened: a real ISO 8601 date or date-time. `startDate`
 * includes its instant (a date alone: from its first millisecond, UTC); `endDate` too, and a date
 * alone includes that whole day (to 23:59:59.999 UTC), so `startDate=endDate=2026-05-04` is one day.
 */
const periodBound = (label: string, dayEnd: boolean) =>
  z.preprocess(
    absentWhenEmpty,
    z
      .string({ error: `${label} ${REAL_DATE_MESSAGE.toLowerCase()}` })
      .refine(isRealIsoDate, `${label} ${REAL_DATE_MESSAGE.toLowerCase()}`)
      .transform((value) =>
        dayEnd && DATE_ONLY.test(value) ? `${value}T23:59:59.999Z` : new Date(value).toISOString(),
      )
      .optional(),
  );

/** The filters of the activity log, the same for a page and for the CSV export. */
const activityFilterShape = {
  /** The user who did it (their user id; `system:sign-pro`, `receiver:{envelopeId}` for the others). */
  actor: idParam('Actor'),
  kind: oneOrMany([...activityKinds]),
  /**
   * The record it was about: a truck's or a load's number, an envelope's, member's, invitation's,
   * team's or the organization's id. Trucks and loads are numbered apart: with `kind` a number names one.
   */
  subject: idParam('Subject'),
  startDate: periodBound('Start date', false),
  endDate: periodBound('End date', true),
  /** Words of the subject, the actor's name, the kind of event or a value it set: case-insensitive. */
  text: z.preprocess(
    absentWhenEmpty,
    z
      .string({ error: 'Text must be text' })
      .trim()
      .max(100, 'Text cannot be more than 100 characters')
      .check(plainText('Text'))
      .transform((text) => text.toLowerCase())
      .optional(),
  ),
};

const periodInOrder = (query: { startDate?: string; endDate?: string }, context: z.RefinementCtx) => {
  if (query.startDate && query.endDate && query.startDate > query.endDate)
    context.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'End date cannot be before the start date',
    });
};

/** `?actor&kind&subject&startDate&endDate&text` of the CSV export: every entry that matches. */
export const activityExportQuerySchema = z.object(activityFilterShape).strict().superRefine(periodInOrder);

/**
 * GET /api/v1/activity: the filters, and a page of `limit` entries (1 to 100, default 50), newest
 * first, older than the position `before` (the previous page's `nextCursor`) when given.
 */
export const activityQuerySchema = z
  .object({
    ...activityFilterShape,
    before: z.preprocess(
      absentWhenEmpty,
      z
        .string({ error: 'Before must be a position of the log' })
        .regex(
          new RegExp(`^\\d{1,${POSITION_DIGITS_MAX}}$`),
          `Before must be a position of the log: a whole number of at most ${POSITION_DIGITS_MAX} digits`,
        )
        .optional(),
    ),
    limit: integerParam('Limit', { min: 1, max: LIMIT_MAX, fallback: ACTIVITY_PAGE_DEFAULT }),
  })
  .strict()
  .superRefine(periodInOrder);

export type ActivityQuery = z.output<typeof activityQuerySchema>;
export type ActivityFilter = z.output<typeof activityExportQuerySchema>;
