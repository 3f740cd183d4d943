import { z } from 'zod';
import { integerParam, postingListQuerySchema } from '../shared/list-query.ts';

export const postingKinds = ['trucks', 'loads'] as const;
export type PostingKind = (typeof postingKinds)[number];

export const monthNames = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;
export type MonthName = (typeof monthNames)[number];

/** One bar of the overview chart (docs/rules.md#entities-and-fields). */
export interface MonthlyCount {
  monthName: MonthName;
  month: number;
  year: number;
  count: number;
}

export interface PostingTotals {
  truckCount: number;
  loadCount: number;
}

const list = postingListQuerySchema.shape;

/**
 * The overview parameters of docs/rules.md#validation. Months are those of `dateField` (default createdAt) in
 * the organization's time zone; the date range, when given, narrows the postings counted.
 */
export const overviewQuerySchema = z
  .object({
    year: integerParam('Year', { min: 2000, max: 2100 }).optional(),
    type: z.enum(postingKinds).default('trucks'),
    createdBy: list.createdBy,
    startDate: list.startDate,
    endDate: list.endDate,
    dateOperation: list.dateOperation,
    dateField: list.dateField,
    asOf: list.asOf,
  })
  .strict();

/** The totals of the overview take only the moment they are asked as of. */
export const overviewTotalsQuerySchema = z.object({ asOf: list.asOf }).strict();

export type OverviewQuery = z.output<typeof overviewQuerySchema>;
