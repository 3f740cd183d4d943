import { z } from 'zod';
import { rateUnits, trailerTypes } from '../shared/enums.ts';
import { plainText } from '../shared/fields.ts';
import { usState } from '../shared/us-states.ts';

/**
 * A lane's history answers its figures with `enough: false` below this many postings of a unit in
 * the range: a line through four points says more than they know.
 */
export const LANE_HISTORY_MIN_POSTINGS = 5;

/** The radius around each end of a lane, in miles: as a lane search takes it. */
export const LANE_HISTORY_RADIUS_MIN_MILES = 1;
export const LANE_HISTORY_RADIUS_MAX_MILES = 500;
export const LANE_HISTORY_RADIUS_DEFAULT_MILES = 100;
export const LANE_HISTORY_RADIUS_MESSAGE = `Radius must be a number from ${LANE_HISTORY_RADIUS_MIN_MILES} to ${LANE_HISTORY_RADIUS_MAX_MILES}`;

export const laneHistoryBuckets = ['week', 'month'] as const;
export type LaneHistoryBucket = (typeof laneHistoryBuckets)[number];

const cityText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} cannot be more than 200 characters`)
    .check(plainText(label));

/** A decimal number of miles from 1 to 500 ("100", "12.5"), 100 when absent: the lane search's radius. */
const radius = z.preprocess(
  (value) =>
    value === undefined || value === ''
      ? LANE_HISTORY_RADIUS_DEFAULT_MILES
      : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : value,
  z
    .number({ error: LANE_HISTORY_RADIUS_MESSAGE })
    .min(LANE_HISTORY_RADIUS_MIN_MILES, LANE_HISTORY_RADIUS_MESSAGE)
    .max(LANE_HISTORY_RADIUS_MAX_MILES, LANE_HISTORY_RADIUS_MESSAGE),
);

/**
 * GET /api/v1/lane-history: the organization's own posted load rates on a lane, the loads whose
 * origin lies within `radius` miles of the origin city and whose destination lies within `radius`
 * miles of the destination city, of one trailer type, by week or month (in the organization's time
 * zone), per rate unit or for the one `unit` asked.
 */
export const laneHistoryQuerySchema = z
  .object({
    originState: usState('Origin state'),
    originCity: cityText('Origin city'),
    destinationState: usState('Destination state'),
    destinationCity: cityText('Destination city'),
    radius,
    trailerType: z.enum(trailerTypes, { error: `Trailer type must be one of ${trailerTypes.join(', ')}` }),
    bucket: z.enum(laneHistoryBuckets, { error: 'Bucket must be week or month' }).default('week'),
    unit: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(rateUnits, { error: `Unit must be one of ${rateUnits.join(', ')}` }).optional(),
    ),
  })
  .strict();
export type LaneHistoryQuery = z.output<typeof laneHistoryQuerySchema>;
export type LaneHistoryParams = z.input<typeof laneHistoryQuerySchema>;

/**
 * One week ("2026-W05", ISO 8601) or month ("2026-03") of a lane in one unit: our rate's count,
 * median, min and max; the same of the carrier rate, and of the margin (our rate less the carrier
 * rate) where a load had both in this unit, for a caller who may see the margin.
 */
export const laneHistoryPointSchema = z.object({
  period: z.string(),
  count: z.number().int(),
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  carrierCount: z.number().int(),
  carrierMedian: z.number().nullable(),
  carrierMin: z.number().nullable(),
  carrierMax: z.number().nullable(),
  // The margin's figures, for those who may see the margin (owners, admins, Member+, API keys) only.
  marginCount: z.number().int().optional(),
  marginMedian: z.number().nullable().optional(),
  marginMin: z.number().nullable().optional(),
  marginMax: z.number().nullable().optional(),
});
export type LaneHistoryPoint = z.output<typeof laneHistoryPointSchema>;
const lanePlace = z.object({
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

/** One rate unit of a lane: its postings in the range, whether they are enough to draw, its periods oldest first. */
export const laneHistorySeriesSchema = z.object({
  unit: z.enum(rateUnits),
  count: z.number().int(),
  carrierCount: z.number().int(),
  marginCount: z.number().int().optional(),
  enough: z.boolean(),
  points: z.array(laneHistoryPointSchema),
});
export type LaneHistorySeries = z.output<typeof laneHistorySeriesSchema>;

export const laneHistoryAnswerSchema = z.object({
  success: z.literal(true),
  origin: lanePlace,
  destination: lanePlace,
  radius: z.number(),
  trailerType: z.enum(trailerTypes),
  bucket: z.enum(laneHistoryBuckets),
  /** The zone the weeks and months are counted in: the organization's. */
  timeZone: z.string(),
  /** The fewest postings of a unit a line is drawn for. */
  minimumPostings: z.number().int(),
  /** Whether any unit has enough postings to draw. */
  enough: z.boolean(),
  series: z.array(laneHistorySeriesSchema),
});
export type LaneHistoryAnswer = z.output<typeof laneHistoryAnswerSchema>;
