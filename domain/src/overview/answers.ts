import { z } from 'zod';
import { dataAnswer } from '../shared/answers.ts';
import { monthNames } from './overview-query.ts';

/** GET /api/v1/overview/monthly-counts: the twelve months of a year (docs/rules.md#entities-and-fields). */
export const monthlyCountsAnswerSchema = dataAnswer(
  z.array(
    z.object({
      monthName: z.enum(monthNames),
      month: z.number().int().min(1).max(12),
      year: z.number().int(),
      count: z.number().int(),
    }),
  ),
);

/** GET /api/v1/overview/totals. */
export const postingTotalsAnswerSchema = dataAnswer(
  z.object({ truckCount: z.number().int(), loadCount: z.number().int() }),
);
