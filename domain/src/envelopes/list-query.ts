import { z } from 'zod';
import { REAL_DATE_MESSAGE, realIsoDate, searchText } from '../shared/fields.ts';
import { asOfParam, dateOperations, limitParam, oneOrMany, pageParam } from '../shared/list-query.ts';
import { envelopeStatuses, envelopeTypes } from './enums.ts';

const dateParam = realIsoDate(REAL_DATE_MESSAGE).optional();

/**
 * The envelopes list's parameters (docs/rules.md#validation), pages from 1. `orderBy` also takes lastSentAt:
 * sorted ascending it puts the longest-waiting envelopes first.
 */
export const envelopeListQuerySchema = z
  .object({
    limit: limitParam(),
    page: pageParam(1),
    orderBy: z.enum(['updatedAt', 'createdAt', 'lastSentAt']).default('updatedAt'),
    sort: z.enum(['asc', 'desc']).default('desc'),
    startDate: dateParam,
    endDate: dateParam,
    dateOperation: z.enum(dateOperations).optional(),
    dateField: z.enum(['createdAt', 'updatedAt']).optional(),
    status: oneOrMany([...envelopeStatuses]),
    type: z.enum(envelopeTypes, { error: 'Type must be driver or client' }).optional(),
    search: searchText('Search'),
    createdBy: searchText('Created by'),
    asOf: asOfParam(),
  })
  .strict();
export type EnvelopeListQuery = z.output<typeof envelopeListQuerySchema>;

export const envelopeCountsQuerySchema = z
  .object({
    type: z.enum(envelopeTypes, { error: 'Type must be driver or client' }).optional(),
    asOf: asOfParam(),
  })
  .strict();
