import { z } from 'zod';
import { type LaneSearchParams, laneSearchParamsSchema } from '../lanes/schemas.ts';
import { radiusSearchQuerySchema } from '../radius/schemas.ts';
import { plainText, requiredText, streamVersion } from '../shared/fields.ts';
import { integerParam, loadListQuerySchema, truckListQuerySchema } from '../shared/list-query.ts';

/** What a saved search searches: a board (its list parameters), the radius search or the lane search. */
export const savedSearchKinds = ['trucks', 'loads', 'radius', 'lane'] as const;
export type SavedSearchKind = (typeof savedSearchKinds)[number];
export const savedSearchKindLabels: Record<SavedSearchKind, string> = {
  trucks: 'Trucks',
  loads: 'Loads',
  radius: 'Radius search',
  lane: 'Lane search',
};

/** A saved search's name: the create forms' 50 characters. */
export const SAVED_SEARCH_NAME_MAX = 50;
/** How many searches one user may keep in one organization. */
export const SAVED_SEARCHES_MAX = 50;
export const SAVED_SEARCHES_MAX_MESSAGE = `You can keep at most ${SAVED_SEARCHES_MAX} saved searches in an organization. Delete one to save another.`;
export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';

/**
 * Paging, order and the moment a list is viewed as of are how a board is looked at, not what it
 * searches for: a saved search keeps none of them, and the boards' whole search params may be sent.
 */
export const notSavedParams = [
  'limit',
  'page',
  'orderBy',
  'sort',
  'asOf',
  // The loads board's ranges of trip miles, rate per mile and margin: see loadSearchParamsSchema.
  'minTripMiles',
  'maxTripMiles',
  'minRatePerMile',
  'maxRatePerMile',
  'minMargin',
  'maxMargin',
] as const;

/** The trucks board's filters (its list parameters, paging and order aside). */
export const truckSearchParamsSchema = truckListQuerySchema.omit({
  limit: true,
  page: true,
  orderBy: true,
  sort: true,
  asOf: true,
});
/**
 * The loads board's filters, but for its ranges of trip miles, rate per mile and margin: a saved
 * search alerts on new loads as they are posted, before their miles are worked out.
 */
export const loadSearchParamsSchema = loadListQuerySchema.omit({
  limit: true,
  page: true,
  orderBy: true,
  sort: true,
  asOf: true,
  minTripMiles: true,
  maxTripMiles: true,
  minRatePerMile: true,
  maxRatePerMile: true,
  minMargin: true,
  maxMargin: true,
});
/** The radius search's place, what it searches for and its filters. */
export const radiusSearchParamsSchema = radiusSearchQuerySchema.omit({ limit: true, page: true, asOf: true });

export type TruckSearchParams = z.output<typeof truckSearchParamsSchema>;
export type LoadSearchParams = z.output<typeof loadSearchParamsSchema>;
export type RadiusSearchParams = z.output<typeof radiusSearchParamsSchema>;

export const savedSearchParamsSchemas = {
  trucks: truckSearchParamsSchema,
  loads: loadSearchParamsSchema,
  radius: radiusSearchParamsSchema,
  lane: laneSearchParamsSchema,
} as const;

/** A saved search as it is kept: its kind and that kind's parsed parameters. */
export type SavedSearchQuery =
  | { kind: 'trucks'; params: TruckSearchParams }
  | { kind: 'loads'; params: LoadSearchParams }
  | { kind: 'radius'; params: RadiusSearchParams }
  | { kind: 'lane'; params: LaneSearchParams };

/** A saved search's name, as the create form and a rename take it. */
export const savedSearchNameSchema = requiredText('Name', SAVED_SEARCH_NAME_MAX);

/** How a saved search tells its owner about a posting that comes to match it. */
export const savedSearchAlertSchema = z
  .object({
    inApp: z.boolean({ error: 'In-app alert must be true or false' }),
    email: z.boolean({ error: 'E-mail alert must be true or false' }),
  })
  .strict();
export type SavedSearchAlert = z.output<typeof savedSearchAlertSchema>;
export const NO_ALERT: SavedSearchAlert = { inApp: false, email: false };

/** Whether a search alerts at all: only those are matched against the board as it changes. */
export const alertsOn = (alert: SavedSearchAlert) => alert.inApp || alert.email;

const paramsObject = z.record(z.string(), z.unknown(), { error: 'Search parameters must be an object' });

/** The values of `params` defined, without the keys a saved search does not keep. */
function searchedParams(params: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (!(notSavedParams as readonly string[]).includes(key) && value !== undefined) kept[key] = value;
  }
  return kept;
}

/** Without the keys whose value is undefined: what is stored and compared. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Parses `params` with the list schema of `kind` (paging, order and `asOf` dropped first). Issues
 * come back under `params.<field>`, with the lists' own messages.
 */
export function parseSearchParams(
  kind: SavedSearchKind,
  params: Record<string, unknown>,
): { success: true; query: SavedSearchQuery } | { success: false; issues: z.core.$ZodIssue[] } {
  const result = savedSearchParamsSchemas[kind].safeParse(searchedParams(params));
  if (!result.success) return { success: false, issues: result.error.issues };
  return { success: true, query: { kind, params: defined(result.data) } as SavedSearchQuery };
}

/**
 * POST /api/v1/saved-searches: a name, what kind of search, its parameters as the board's address
 * has them (validated with that board's schema) and the alerts wanted (none by default).
 */
export const savedSearchCreateSchema = z
  .object({
    name: savedSearchNameSchema,
    kind: z.enum(savedSearchKinds, { error: 'Kind must be trucks, loads, radius or lane' }),
    params: paramsObject.default({}),
    alert: savedSearchAlertSchema.default(NO_ALERT),
  })
  .strict()
  .transform((input, context) => {
    const parsed = parseSearchParams(input.kind, input.params);
    if (!parsed.success) {
      for (const issue of parsed.issues) {
        context.addIssue({ code: 'custom', path: ['params', ...issue.path], message: issue.message });
      }
      return z.NEVER;
    }
    return { name: input.name, alert: input.alert, ...parsed.query };
  });
export type SavedSearchCreateInput = z.output<typeof savedSearchCreateSchema>;
export type SavedSearchCreateForm = z.input<typeof savedSearchCreateSchema>;

/** PATCH /api/v1/saved-searches/{id}: a new name, alerts (either or both), and the version read. */
export const savedSearchPatchSchema = z
  .object({
    name: savedSearchNameSchema.optional(),
    alert: z
      .object({
        inApp: z.boolean({ error: 'In-app alert must be true or false' }).optional(),
        email: z.boolean({ error: 'E-mail alert must be true or false' }).optional(),
      })
      .strict()
      .optional(),
    version: streamVersion().optional(),
  })
  .strict();
export type SavedSearchPatch = z.output<typeof savedSearchPatchSchema>;

/** `:id` of the saved-search routes: the UUID the command side gave it. */
export const savedSearchParamsIdSchema = z.object({
  id: z.uuid('Saved search id must be a UUID'),
});

export const versionQuerySchema = z
  .object({ version: integerParam('Version', { min: 0, max: 1_000_000_000 }).optional() })
  .strict();

/** GET /api/v1/saved-searches takes no parameters. */
export const savedSearchesQuerySchema = z.object({}).strict();

/** GET /api/v1/notifications: newest first, pages by position (`before` is the previous page's `nextCursor`). */
export const notificationsQuerySchema = z
  .object({
    before: z
      .string({ error: 'Before must be an event position' })
      .regex(/^\d{1,18}$/, 'Before must be an event position')
      .optional(),
    limit: integerParam('Limit', { min: 1, max: 100, fallback: 20 }),
  })
  .strict();
export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

export const NOTIFICATIONS_READ_MAX = 100;

/** POST /api/v1/notifications/read: these notifications, or every one when `ids` is absent. */
export const notificationsReadSchema = z
  .object({
    ids: z
      .array(
        z
          .string({ error: 'Each id must be text' })
          .max(200, 'An id cannot be more than 200 characters')
          .check(plainText('An id')),
        {
          error: 'Ids must be a list',
        },
      )
      .max(NOTIFICATIONS_READ_MAX, `At most ${NOTIFICATIONS_READ_MAX} notifications at a time`)
      .optional(),
  })
  .strict();
export type NotificationsReadInput = z.output<typeof notificationsReadSchema>;
