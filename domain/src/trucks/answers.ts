import { z } from 'zod';
import { asOfAnswerSchema, instantAnswer, postingAnswerFields, sinceAnswer } from '../shared/answers.ts';
import { directions, trailerTypes } from '../shared/enums.ts';

/** A truck as the API answers it (docs/rules.md#entities-and-fields): the command side after a post or edit, the lists, one truck. */
export const truckAnswerSchema = z.object({
  id: z.number().int(),
  trailerType: z.enum(trailerTypes),
  companyName: z.string().nullable(),
  unitNumber: z.string().nullable(),
  truckName: z.string(),
  truckState: z.string(),
  truckCity: z.string(),
  preferedState: z.string().nullable(),
  preferedCity: z.string().nullable(),
  direction: z.enum(directions).nullable(),
  status: z.boolean(),
  availabilityDate: instantAnswer(),
  notes: z.string().nullable(),
  /**
   * Whether the map knows the truck's city in its state: false puts it in no radius search ("Not on the
   * map"). Every answer of the server carries it; optional for a truck the client has in hand otherwise.
   */
  onMap: z.boolean().optional(),
  ...postingAnswerFields,
  since: sinceAnswer(),
});

/** GET /api/v1/trucks: one page plus the board's totals (docs/rules.md#api-calls). */
export const trucksPageAnswerSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  totalCount: z.number().int(),
  /** False when a text search matches more than the 1,000 postings counted: the list shows "1,000+". */
  totalCountExact: z.boolean(),
  totalPages: z.number().int(),
  totalTrucksCreatedToday: z.number().int(),
  totalTrucksCreatedYesterday: z.number().int(),
  totalAvailableToday: z.number().int(),
  totalAvailableYesterday: z.number().int(),
  limit: z.number().int(),
  page: z.number().int(),
  asOf: asOfAnswerSchema,
  data: z.array(truckAnswerSchema),
});
export type TrucksPageAnswer = z.output<typeof trucksPageAnswerSchema>;
