import { localDateOf, type PostingKind } from '@dispatch/domain';
import {
  ALL_CREATORS,
  type BoardCalendarDocument,
  type BoardStatsDocument,
  boardCalendarId,
  boardStatsIds,
  collections,
  facetFields,
  facetValues,
} from '@dispatch/read-models';
import type { Condition, DocumentStore, Filter, Scalar } from '@dispatch/storage';

/** The board's created and available counts for the organization's today and yesterday. */
export interface BoardDays {
  createdToday: number;
  createdYesterday: number;
  availableToday: number;
  availableYesterday: number;
}

/** The calendar date before `date` (YYYY-MM-DD). */
function previousDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * "Today" and "yesterday" are calendar days in the organization's time zone. The projector counts
 * postings per such day, so this is one read (two on January 1st) whatever the size of the board.
 */
export async function boardDays(
  documents: DocumentStore,
  kind: PostingKind,
  orgId: string,
  timeZone: string,
  now: Date,
): Promise<BoardDays> {
  const today = localDateOf(timeZone, now.toISOString());
  const yesterday = previousDate(today);
  const years = [...new Set([today.slice(0, 4), yesterday.slice(0, 4)])];
  const calendars = new Map(
    await Promise.all(
      years.map(
        async (year) =>
          [
            year,
            await documents.get<BoardCalendarDocument>(
              collections.boardCalendar,
              boardCalendarId(kind, orgId, ALL_CREATORS, year),
            ),
          ] as const,
      ),
    ),
  );
  const on = (date: string, counter: 'createdAt' | 'available') =>
    calendars.get(date.slice(0, 4))?.[counter]?.[date.slice(5, 7)]?.[date.slice(8, 10)] ?? 0;
  return {
    createdToday: on(today, 'createdAt'),
    createdYesterday: on(yesterday, 'createdAt'),
    availableToday: on(today, 'available'),
    availableYesterday: on(yesterday, 'available'),
  };
}

function matches(value: Scalar, condition: Condition): boolean | null {
  if ('eq' in condition) return value === condition.eq;
  if ('in' in condition) return condition.in.includes(value);
  return null;
}

/**
 * The count from the facet counters, when the filter narrows only by the organization, the facet
 * fields (by value) and the creator; null when it needs the rows (a date range, a text search).
 */
async function countFromFacets(
  documents: DocumentStore,
  kind: PostingKind,
  filter: Filter,
): Promise<number | null> {
  const { orgId, createdBy, ...rest } = filter;
  if (!orgId || !('eq' in orgId) || typeof orgId.eq !== 'string') return null;
  if (createdBy && !('eq' in createdBy && typeof createdBy.eq === 'string')) return null;
  const fields = Object.keys(rest);
  const facets: readonly string[] = facetFields[kind];
  if (fields.some((field) => !facets.includes(field))) return null;
  const counters = await documents.get<BoardStatsDocument>(
    collections.boardStats,
    createdBy && 'eq' in createdBy
      ? boardStatsIds.creator(kind, orgId.eq, String(createdBy.eq))
      : boardStatsIds.total(kind, orgId.eq),
  );
  if (!counters) return 0;
  if (fields.length === 0 && counters.total !== undefined) return counters.total;
  let count = 0;
  for (const [key, counted] of Object.entries(counters.facets ?? {})) {
    const values = facetValues(kind, key);
    let included = true;
    for (const field of fields) {
      const match = matches(values[field] ?? null, rest[field] as Condition);
      if (match === null) return null;
      if (!match) {
        included = false;
        break;
      }
    }
    if (included) count += counted;
  }
  return count;
}

/**
 * How many postings a list filter matches. Filters by value on the facet fields and the creator are
 * answered by the projector's counters; the others (date ranges, text searches) by the store, through
 * the list collection's indexes.
 */
export async function countPostings(
  documents: DocumentStore,
  kind: PostingKind,
  collection: string,
  filter: Filter,
): Promise<number> {
  // The live board's filter past a moment (see liveFilter): the counters count every posting on the
  // list, less those past their expiry the sweep has not expired yet (few, through their own index).
  const { expiresAt, ...rest } = filter;
  if (
    expiresAt &&
    Object.keys(expiresAt).join() === 'gt' &&
    'gt' in expiresAt &&
    expiresAt.gt !== undefined
  ) {
    const all = await countFromFacets(documents, kind, rest);
    if (all !== null)
      return all - (await documents.count(collection, { ...rest, expiresAt: { lte: expiresAt.gt } }));
  }
  return (await countFromFacets(documents, kind, filter)) ?? documents.count(collection, filter);
}

/**
 * A text search's total is counted up to this many postings; past it the list answers this number with
 * `totalCountExact: false` ("1,000+"). Counting every posting a common term matches ("truck" on a board
 * of a million) costs the store a test of each one, a few hundred milliseconds that would hold the
 * query API's thread from every other dispatcher; the page itself is found in about a millisecond.
 */
export const SEARCH_TOTAL_CAP = 1000;

/** Whether a list filter searches a text: its total is then counted up to `SEARCH_TOTAL_CAP`. */
const searchesText = (filter: Filter) =>
  Object.values(filter).some((condition) => condition !== undefined && 'contains' in condition);

/** The total of a list page: exact, or for a text search matching more than the cap, the cap. */
export async function listTotal(
  documents: DocumentStore,
  kind: PostingKind,
  collection: string,
  filter: Filter,
): Promise<{ totalCount: number; totalCountExact: boolean }> {
  if (!searchesText(filter))
    return { totalCount: await countPostings(documents, kind, collection, filter), totalCountExact: true };
  const counted = await documents.count(collection, filter, { limit: SEARCH_TOTAL_CAP + 1 });
  return { totalCount: Math.min(counted, SEARCH_TOTAL_CAP), totalCountExact: counted <= SEARCH_TOTAL_CAP };
}
