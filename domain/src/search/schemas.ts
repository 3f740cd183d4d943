import { z } from 'zod';
import { loadAnswerSchema } from '../loads/answers.ts';
import { plainText } from '../shared/fields.ts';
import { integerParam } from '../shared/list-query.ts';
import { truckAnswerSchema } from '../trucks/answers.ts';

/** The fewest and the most characters a search of the organization's postings takes. */
export const POSTING_SEARCH_MIN = 2;
export const POSTING_SEARCH_MAX = 100;
/** The most postings of each kind one search answers. */
export const POSTING_SEARCH_LIMIT_MAX = 20;

/**
 * GET /api/v1/search: the organization's trucks and loads a text names (a truck by its name, unit
 * number, company, city or state; a load by its product, customer, origin or destination), and the
 * posting whose id it is ("42" or "#42") when there is one.
 */
export const postingSearchQuerySchema = z
  .object({
    q: z
      .string({ error: 'Search is required' })
      .trim()
      .min(1, 'Search is required')
      .max(POSTING_SEARCH_MAX, `Search cannot be more than ${POSTING_SEARCH_MAX} characters`)
      .check(plainText('Search'))
      // A posting's id may be a single digit; any other text takes two characters at least.
      .refine(
        (text) => text.length >= POSTING_SEARCH_MIN || postingIdOf(text) !== null,
        `Search must be at least ${POSTING_SEARCH_MIN} characters`,
      ),
    limit: integerParam('Limit', { min: 1, max: POSTING_SEARCH_LIMIT_MAX, fallback: 5 }),
  })
  .strict();
export type PostingSearchQuery = z.output<typeof postingSearchQuerySchema>;

/** What a search found: at most `limit` trucks and `limit` loads, the latest changed first. */
export const postingSearchAnswerSchema = z.object({
  success: z.literal(true),
  trucks: z.array(truckAnswerSchema),
  loads: z.array(loadAnswerSchema),
});
export type PostingSearchAnswer = z.output<typeof postingSearchAnswerSchema>;

/** The posting id a search text names: "42" or "#42"; null for any other text. */
export function postingIdOf(text: string): number | null {
  const digits = /^#?(\d{1,15})$/.exec(text.trim());
  const id = digits ? Number(digits[1]) : null;
  return id !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}
