import type { PostingKind } from '@dispatch/domain';
import { collections } from '@dispatch/read-models';
import type { Document, DocumentStore, Filter } from '@dispatch/storage';
import type { AnswerCache } from '../answer-cache.ts';

/**
 * A posting past its expiry moment is off the board at once, whether or not the sweep has expired it
 * yet (docs/rules.md#posting-age-and-expiry): every live read (lists, search, radius and lane search,
 * matches, the CSV export) leaves it out. The live lists hold postings past that moment only until the
 * sweep's expiries are projected, so mostly none: a read first asks the organization's index by expiry
 * whether it has any (one seek), and only then narrows its filter by `expiresAt`, which its indexes do
 * not hold.
 */

/**
 * Whether the live board hides postings past their expiry moment before the sweep expires them: always,
 * unless a test app that runs no sweep and posts on fixed calendar dates says `false` (its postings
 * then leave the board as its own sweeps expire them, at the moments it chooses).
 */
export interface PostingExpiryOptions {
  hidesPastExpiry?: boolean;
}

/** The moment the live board is read at for expiry: now, or null where postings leave it only by the sweep. */
export const expiryMoment = (options: PostingExpiryOptions, now = new Date()): Date | null =>
  options.hidesPastExpiry === false ? null : now;

export const liveLists: Record<PostingKind, string> = {
  trucks: collections.trucks,
  loads: collections.loads,
};

/** Whether a row of a live list is past its expiry moment at `now`. */
export const pastExpiry = (row: { expiresAt?: unknown }, now: Date | null) =>
  now !== null && typeof row.expiresAt === 'string' && row.expiresAt <= now.toISOString();

/** The organization's postings of a live list past their expiry at `now` (those the sweep has not expired). */
export const dueFilter = (orgId: string, now: Date): Filter => ({
  orgId: { eq: orgId },
  expiresAt: { lte: now.toISOString() },
});

/** Whether the organization has postings on a live list past their expiry at `now`. */
export async function hasDue(
  documents: DocumentStore,
  collection: string,
  orgId: string,
  now: Date,
): Promise<boolean> {
  return (await documents.count(collection, dueFilter(orgId, now), { limit: 1 })) > 0;
}

/**
 * `filter` (one organization's) as it reads the live board at `now`: as it is when no posting of the
 * organization is past its expiry, or with only the postings before their expiry.
 */
export async function liveFilter(
  documents: DocumentStore,
  collection: string,
  orgId: string,
  filter: Filter,
  now: Date | null,
): Promise<Filter> {
  if (now === null || !(await hasDue(documents, collection, orgId, now))) return filter;
  return { ...filter, expiresAt: { gt: now.toISOString() } };
}

/**
 * The moment (milliseconds since the epoch) the organization's next posting of a live list expires
 * after `now`; a live answer of that list read now holds until then at most. Infinity without one.
 */
export async function nextExpiry(
  documents: DocumentStore,
  collection: string,
  orgId: string,
  now: Date | null,
): Promise<number> {
  if (now === null) return Number.POSITIVE_INFINITY;
  const [next] = await documents.find<Document & { expiresAt: string }>(collection, {
    filter: { orgId: { eq: orgId }, expiresAt: { gt: now.toISOString() } },
    sort: [{ field: 'expiresAt', direction: 'asc' }],
    limit: 1,
  });
  return next ? Date.parse(next.expiresAt) : Number.POSITIVE_INFINITY;
}

/**
 * `nextExpiry`, kept in the answer cache until the projector's next commit or that moment, whichever
 * comes first: a live read asks the store once between two changes of the list.
 */
export function cachedNextExpiry(
  cache: AnswerCache,
  documents: DocumentStore,
  collection: string,
  orgId: string,
  now: Date | null,
): Promise<number> {
  if (now === null) return Promise.resolve(Number.POSITIVE_INFINITY);
  return cache.answer(
    `next-expiry\u0000${collection}\u0000${orgId}`,
    () => nextExpiry(documents, collection, orgId, now),
    (moment) => moment,
  );
}

/** The earlier of the next expiries of both live lists: an answer reading trucks and loads holds until then. */
export async function nextExpiryOfBoth(
  cache: AnswerCache,
  documents: DocumentStore,
  orgId: string,
  now: Date | null,
): Promise<number> {
  const [trucks, loads] = await Promise.all([
    cachedNextExpiry(cache, documents, collections.trucks, orgId, now),
    cachedNextExpiry(cache, documents, collections.loads, orgId, now),
  ]);
  return Math.min(trucks, loads);
}
