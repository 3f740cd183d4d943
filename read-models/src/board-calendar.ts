import type { PostingKind } from '@dispatch/domain';
import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/** The dates the overview counts by, named as the list parameters name them. */
export const calendarDateFields = ['createdAt', 'updatedAt', 'availableDate'] as const;
export type CalendarDateField = (typeof calendarDateFields)[number];

/** Every creator together. */
export const ALL_CREATORS = '*';

/** Day of the month ("05") → postings. */
export type DayCounts = Record<string, number>;
/** Month ("03") → its days. */
export type MonthCounts = Record<string, DayCounts>;

/**
 * Postings per calendar day of one year, for everyone (`creator` "*") and per creator: by the day
 * they were posted (`createdAt`) and last edited (`updatedAt`) in the organization's time zone, and
 * by their availability date (`availableDate`, a calendar date). The everyone document also counts
 * the postings available on their date (`available`: trucks marked available, every load), which
 * the board's "available today" reads. The overview's months and the board's "today" and
 * "yesterday" are sums over one or two of these documents, whatever the size of the board.
 */
export type BoardCalendarDocument = {
  id: string;
  position: string;
  orgId: string;
  kind: PostingKind;
  creator: string;
  year: number;
  createdAt?: MonthCounts;
  updatedAt?: MonthCounts;
  availableDate?: MonthCounts;
  available?: MonthCounts;
};

export const boardCalendarId = (kind: PostingKind, orgId: string, creator: string, year: string | number) =>
  `${kind}|${orgId}|${creator}|${year}`;

/** A month's total: the sum of its days. */
export function monthTotal(days: DayCounts | undefined): number {
  let total = 0;
  for (const day in days) total += days[day] ?? 0;
  return total;
}

/** Postings per calendar day (BoardCalendarDocument): the lists' today and yesterday, the overview's months. */
export const boardCalendarCollection: CollectionDefinition = {
  name: collections.boardCalendar,
  fields: { orgId: 'text' },
};
