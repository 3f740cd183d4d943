import { z } from 'zod';
import { directions, products, trailerTypes } from './enums.ts';

/**
 * The list parameters of SPEC section 5 for trucks and loads, shared by the query API (parsing the
 * query string) and the web app (validating the page's search params).
 */

/** One value or several: `?a=x&a=y`, `?a=x,y` and `?a=x` all become a list. */
export const oneOrMany = <T extends [string, ...string[]]>(values: T) =>
  z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    const list = Array.isArray(value) ? value : [value];
    return list
      .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
      .filter((item) => item !== '');
  }, z.array(z.enum(values)).min(1).optional());

const dateParam = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Must be a valid date')
  .transform((value) => new Date(value).toISOString())
  .optional();

const text = z.string().trim().max(100, 'Cannot be more than 100 characters').optional();

export const dateOperations = ['gt', 'gte', 'lt', 'lte', 'eq'] as const;
export type DateOperation = (typeof dateOperations)[number];

export const postingListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(0).default(0),
  orderBy: z.enum(['updatedAt', 'createdAt', 'availableDate']).default('updatedAt'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  startDate: dateParam,
  endDate: dateParam,
  dateOperation: z.enum(dateOperations).optional(),
  dateField: z.enum(['createdAt', 'updatedAt', 'availableDate']).optional(),
  status: z.enum(['true', 'false']).optional(),
  trailerType: oneOrMany([...trailerTypes]),
  createdBy: text,
  search: text,
});

export const truckListQuerySchema = postingListQuerySchema
  .extend({ direction: oneOrMany([...directions]), unitNumber: text })
  .strict();
export const loadListQuerySchema = postingListQuerySchema
  .extend({ product: oneOrMany([...products]) })
  .strict();

export type PostingListQuery = z.output<typeof postingListQuerySchema>;
export type TruckListQuery = z.output<typeof truckListQuerySchema>;
export type LoadListQuery = z.output<typeof loadListQuerySchema>;

/** The read model field behind a list's date name ("availableDate" is the availability date). */
export const dateFieldOf = {
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  availableDate: 'availabilityDate',
} as const;

const DAY_MS = 86_400_000;

/**
 * The date condition of a list query. `dateOperation` (default gte) applies to `startDate`; `eq`
 * means the 24 hours from `startDate`; `endDate`, when given, is an inclusive upper bound.
 * `dateField` defaults to createdAt.
 */
export function dateCondition(
  query: Pick<PostingListQuery, 'startDate' | 'endDate' | 'dateOperation' | 'dateField'>,
) {
  if (!query.startDate && !query.endDate) return null;
  const field = dateFieldOf[query.dateField ?? 'createdAt'];
  const range: { gt?: string; gte?: string; lt?: string; lte?: string } = {};
  if (query.startDate) {
    const operation = query.dateOperation ?? 'gte';
    if (operation === 'eq') {
      range.gte = query.startDate;
      range.lt = new Date(Date.parse(query.startDate) + DAY_MS).toISOString();
    } else {
      range[operation] = query.startDate;
    }
  }
  if (query.endDate) range.lte = query.endDate;
  return { field, range };
}
