import { z } from 'zod';
import { loadAnswerSchema } from '../loads/answers.ts';
import { asOfAnswerSchema, dataAnswer } from '../shared/answers.ts';
import { directions, trailerTypes } from '../shared/enums.ts';
import { plainText, REAL_DATE_MESSAGE, realIsoDate, searchText } from '../shared/fields.ts';
import { asOfParam, dateOperations, limitParam, oneOrMany, pageParam } from '../shared/list-query.ts';
import { usState } from '../shared/us-states.ts';
import { truckAnswerSchema } from '../trucks/answers.ts';

/** docs/rules.md#constants-and-limits: the radius of a search, in miles. */
export const RADIUS_MIN_MILES = 1;
export const RADIUS_MAX_MILES = 5000;
export const RADIUS_MESSAGE = `Radius must be a number from ${RADIUS_MIN_MILES} to ${RADIUS_MAX_MILES}`;

export const radiusSearchTypes = ['trucks', 'loads'] as const;
export type RadiusSearchType = (typeof radiusSearchTypes)[number];
/** Which end of a load a search measures from: its origin, or (for a backhaul) its destination. */
export const loadEnds = ['origin', 'destination'] as const;
export type LoadEnd = (typeof loadEnds)[number];

/** docs/rules.md#validation: "State is required"; a state or DC by code or name, kept as its code. */
const stateCode = usState('State');

/** A decimal number of miles from 1 to 5000 ("250", "12.5"). */
export const radiusParam = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: RADIUS_MESSAGE })
    .min(RADIUS_MIN_MILES, RADIUS_MESSAGE)
    .max(RADIUS_MAX_MILES, RADIUS_MESSAGE),
);

/**
 * The radius search of docs/rules.md#api-calls (GET /api/v1/radius-search): state, city and radius, the lists'
 * paging (10 a page, pages from 0) and filters, what to search for, and for loads which end counts.
 */
export const radiusSearchQuerySchema = z
  .object({
    state: stateCode,
    city: z
      .string({ error: 'City is required' })
      .trim()
      .min(1, 'City is required')
      .max(200, 'City cannot be more than 200 characters')
      .check(plainText('City')),
    radius: radiusParam,
    limit: limitParam(),
    page: pageParam(0),
    searchType: z.enum(radiusSearchTypes, { error: 'Search type must be trucks or loads' }).default('trucks'),
    around: z.enum(loadEnds, { error: 'Around must be origin or destination' }).default('origin'),
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
export type RadiusSearchQuery = z.output<typeof radiusSearchQuerySchema>;

const point = z.object({ latitude: z.number(), longitude: z.number() });
/** Where a result lies as seen from the chosen city. */
const placement = {
  distance: z.number(),
  /** The compass point from the chosen city (null when it is the city itself). */
  direction: z.enum(directions).nullable(),
  location: point,
};

const center = z.object({ city: z.string(), state: z.string(), latitude: z.number(), longitude: z.number() });

/** GET /api/v1/radius-search: nearest first; `distance` in miles, great-circle, rounded to 0.1. */
export const radiusSearchAnswerSchema = z.object({
  success: z.literal(true),
  totalCount: z.number().int(),
  limit: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
  center,
  asOf: asOfAnswerSchema,
  data: z.array(
    z.union([
      z.object({ truck: truckAnswerSchema, ...placement }),
      z.object({ load: loadAnswerSchema, ...placement }),
    ]),
  ),
});
export type RadiusSearchAnswer = z.output<typeof radiusSearchAnswerSchema>;

/** GET /api/v1/cities?state=&search=: a state's places whose name starts with the text, largest first. */
export const citiesQuerySchema = z
  .object({
    state: stateCode,
    search: z
      .string()
      .trim()
      .max(100, 'Cannot be more than 100 characters')
      .check(plainText('Search'))
      .default(''),
    limit: z.preprocess(
      (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
      z.number().int().min(1).max(50).default(20),
    ),
  })
  .strict();
export type CitiesQuery = z.output<typeof citiesQuerySchema>;

export const citiesAnswerSchema = dataAnswer(
  z.array(
    z.object({
      name: z.string(),
      state: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      population: z.number().int().nullable(),
    }),
  ),
);
