import { z } from 'zod';
import { asOfAnswerSchema, instantAnswer, postingAnswerFields, sinceAnswer } from '../shared/answers.ts';
import { products, rateUnits, trailerTypes } from '../shared/enums.ts';

/** A load as the API answers it (docs/rules.md#entities-and-fields). */
export const loadAnswerSchema = z.object({
  id: z.number().int(),
  trailerType: z.enum(trailerTypes),
  originState: z.string(),
  originCity: z.string(),
  destinationState: z.string(),
  destinationCity: z.string(),
  product: z.enum(products),
  rateForTitan: z.number().nullable(),
  rateForTitanUnit: z.enum(rateUnits),
  rateForCarrier: z.number().nullable(),
  rateForCarrierUnit: z.enum(rateUnits),
  customerName: z.string().nullable(),
  customerCountryCode: z.string(),
  customerMobileNumber: z.string().nullable(),
  customerEmail: z.string().nullable(),
  availabilityDate: instantAnswer(),
  notes: z.string().nullable(),
  /**
   * Whether the map knows the origin, and the destination, in its state ("Not on the map" when not).
   * Every answer of the server carries them; optional for a load the client has in hand otherwise.
   */
  originOnMap: z.boolean().optional(),
  destinationOnMap: z.boolean().optional(),
  /**
   * Estimated road miles from origin to destination (null when the map does not know an end), each
   * flat rate per mile, and the margin with its unit (loadMilesAndMoney). The margin is left out of
   * the answers to those who may not see it (canSeeMargin). Optional for a load the client has in hand otherwise.
   */
  tripMiles: z.number().int().nullable().optional(),
  ratePerMile: z.number().nullable().optional(),
  carrierRatePerMile: z.number().nullable().optional(),
  margin: z.number().nullable().optional(),
  marginUnit: z.enum(rateUnits).nullable().optional(),
  ...postingAnswerFields,
  since: sinceAnswer(),
});

/** GET /api/v1/loads: one page plus the board's totals (docs/rules.md#api-calls). */
export const loadsPageAnswerSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  totalCount: z.number().int(),
  /** False when a text search matches more than the 1,000 postings counted: the list shows "1,000+". */
  totalCountExact: z.boolean(),
  totalCreatedToday: z.number().int(),
  totalCreatedYesterday: z.number().int(),
  totalAvailableToday: z.number().int(),
  totalAvailableYesterday: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  asOf: asOfAnswerSchema,
  data: z.array(loadAnswerSchema),
});
export type LoadsPageAnswer = z.output<typeof loadsPageAnswerSchema>;
