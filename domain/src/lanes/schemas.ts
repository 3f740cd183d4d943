import { z } from 'zod';
import { loadAnswerSchema } from '../loads/answers.ts';
import { asOfAnswerSchema } from '../shared/answers.ts';
import { directions, trailerTypes } from '../shared/enums.ts';
import { plainText, REAL_DATE_MESSAGE, realIsoDate, searchText } from '../shared/fields.ts';
import {
  asOfParam,
  dateOperations,
  integerParam,
  limitParam,
  oneOrMany,
  pageParam,
} from '../shared/list-query.ts';
import { optionalUsState, usState } from '../shared/us-states.ts';
import { truckAnswerSchema } from '../trucks/answers.ts';

/** docs/rules.md#constants-and-limits: the radii of a lane search, in miles. */
export const LANE_RADIUS_MIN_MILES = 1;
export const LANE_RADIUS_MAX_MILES = 500;
export const LANE_RADIUS_DEFAULT_MILES = 100;
export const LANE_RADIUS_MESSAGE = `Radius must be a number from ${LANE_RADIUS_MIN_MILES} to ${LANE_RADIUS_MAX_MILES}`;

/** The deadhead limit of a posting's matches: how far the truck may run empty to the load. */
export const MATCH_DEADHEAD_MAX_MILES = 500;
export const MATCH_DEADHEAD_DEFAULT_MILES = 150;
/** How far a truck's preferred destination may lie from the load's destination for the truck to be heading there. */
export const MATCH_HEADING_MILES = 150;
/** How many matches an answer lists at most. */
export const MATCHES_MAX = 50;

export const laneSearchTypes = ['trucks', 'loads'] as const;
export type LaneSearchType = (typeof laneSearchTypes)[number];

/** A decimal number of miles from 1 to 500 ("100", "12.5"), 100 when absent. */
const laneRadius = z.preprocess(
  (value) =>
    value === undefined || value === ''
      ? LANE_RADIUS_DEFAULT_MILES
      : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : value,
  z
    .number({ error: LANE_RADIUS_MESSAGE })
    .min(LANE_RADIUS_MIN_MILES, LANE_RADIUS_MESSAGE)
    .max(LANE_RADIUS_MAX_MILES, LANE_RADIUS_MESSAGE),
);

const cityText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} cannot be more than 200 characters`)
    .check(plainText(label));

/**
 * GET /api/v1/lane-search (docs/rules.md#api-calls): trucks or loads whose origin (a truck's city, a
 * load's origin) lies within `originRadius` miles of the origin city and whose destination (a load's
 * destination, a truck's preferred destination) lies within `destinationRadius` miles of the
 * destination city, or anywhere when no destination city is given; the radius search's paging and filters.
 */
const laneSearchFields = z
  .object({
    searchType: z.enum(laneSearchTypes, { error: 'Search type must be trucks or loads' }).default('trucks'),
    originState: usState('Origin state'),
    originCity: cityText('Origin city'),
    originRadius: laneRadius,
    destinationState: optionalUsState('Destination state'),
    destinationCity: z.preprocess(
      (value) => (value === '' ? undefined : value),
      cityText('Destination city').optional(),
    ),
    destinationRadius: laneRadius,
    limit: limitParam(),
    page: pageParam(0),
    status: z.enum(['true', 'false']).optional(),
    trailerType: oneOrMany([...trailerTypes]),
    direction: oneOrMany([...directions]),
    dateField: z.enum(['createdAt', 'updatedAt', 'availableDate']).optional(),
    startDate: realIsoDate(REAL_DATE_MESSAGE).optional(),
    endDate: realIsoDate(REAL_DATE_MESSAGE).optional(),
    dateOperation: z.enum(dateOperations).optional(),
    asOf: asOfParam(),
    createdBy: searchText('Created by'),
  })
  .strict();

/** A destination city needs its state, and a destination state its city. */
function wholeDestination(
  query: { destinationState?: string | null | undefined; destinationCity?: string | null | undefined },
  context: z.RefinementCtx,
) {
  if (query.destinationCity && !query.destinationState)
    context.addIssue({
      code: 'custom',
      path: ['destinationState'],
      message: 'Destination state is required',
    });
  if (query.destinationState && !query.destinationCity)
    context.addIssue({ code: 'custom', path: ['destinationCity'], message: 'Destination city is required' });
}

export const laneSearchQuerySchema = laneSearchFields.superRefine(wholeDestination);
/** What a saved lane search keeps: the search without its paging and moment. */
export const laneSearchParamsSchema = laneSearchFields
  .omit({ limit: true, page: true, asOf: true })
  .superRefine(wholeDestination);
export type LaneSearchParams = z.output<typeof laneSearchParamsSchema>;
export type LaneSearchQuery = z.output<typeof laneSearchQuerySchema>;

const point = z.object({ latitude: z.number(), longitude: z.number() });
const place = z.object({ city: z.string(), state: z.string(), latitude: z.number(), longitude: z.number() });

/** Where a lane result lies: its deadhead from the origin city and its destination's miles from the destination city. */
const lanePlacement = {
  /** Straight-line (great-circle) miles from the origin city to the posting's origin, rounded to 0.1. */
  deadheadMiles: z.number(),
  /** Straight-line miles from the destination city to the posting's destination (null: the search goes anywhere and the posting names no place on the map). */
  destinationMiles: z.number().nullable(),
  origin: point,
  destination: point.nullable(),
};

/** GET /api/v1/lane-search: by deadhead, then by date (the availability date), then by id. */
export const laneSearchAnswerSchema = z.object({
  success: z.literal(true),
  totalCount: z.number().int(),
  /** False when more than the 1,000 postings counted are found: the screen shows "1,000+" (as of a moment, always exact). */
  totalCountExact: z.boolean(),
  limit: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
  origin: place.extend({ radius: z.number() }),
  /** Null when the search goes anywhere. */
  destination: place.extend({ radius: z.number() }).nullable(),
  asOf: asOfAnswerSchema,
  data: z.array(
    z.union([
      z.object({ truck: truckAnswerSchema, ...lanePlacement }),
      z.object({ load: loadAnswerSchema, ...lanePlacement }),
    ]),
  ),
});
export type LaneSearchAnswer = z.output<typeof laneSearchAnswerSchema>;

/** GET /api/v1/loads/{id}/matches and /trucks/{id}/matches: the deadhead limit, 150 miles unless given. */
export const matchesQuerySchema = z
  .object({
    deadhead: integerParam('Deadhead', {
      min: 1,
      max: MATCH_DEADHEAD_MAX_MILES,
      fallback: MATCH_DEADHEAD_DEFAULT_MILES,
    }),
    limit: integerParam('Limit', { min: 1, max: MATCHES_MAX, fallback: 20 }),
  })
  .strict();
export type MatchesQuery = z.output<typeof matchesQuerySchema>;

export const matchReasons = ['trailerType', 'deadhead', 'available', 'heading', 'anyDestination'] as const;
export type MatchReason = (typeof matchReasons)[number];

const matchFields = {
  /** Straight-line miles from the truck's city to the load's origin, rounded to 0.1. */
  deadheadMiles: z.number(),
  /** Straight-line miles from the truck's preferred destination to the load's destination; null when the truck goes anywhere. */
  headingMiles: z.number().nullable(),
  /** Whole days between the truck's availability date and the load's date (0: the same day). */
  daysBefore: z.number().int(),
  reasons: z.array(z.object({ code: z.enum(matchReasons), text: z.string() })),
};

export const matchesAnswerSchema = z.object({
  success: z.literal(true),
  deadhead: z.number().int(),
  /** How many postings fit in all (the answer lists the first `limit`), counted up to 1,000. */
  totalCount: z.number().int(),
  /** False when more than the 1,000 postings counted fit: the screen shows "1,000+". */
  totalCountExact: z.boolean(),
  data: z.array(
    z.union([
      z.object({ truck: truckAnswerSchema, ...matchFields }),
      z.object({ load: loadAnswerSchema, ...matchFields }),
    ]),
  ),
});
export type MatchesAnswer = z.output<typeof matchesAnswerSchema>;
