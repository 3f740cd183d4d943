import {
  dateCondition,
  dateFieldOf,
  dayRange,
  localDateOf,
  type MonthlyCount,
  monthNames,
  type OverviewQuery,
  type PostingTotals,
} from '@dispatch/domain';
import { listHistories } from '@dispatch/read-models';
import type { DocumentStore, Filter } from '@dispatch/storage';
import { addedSince, countAsOf, countValidAt } from '../as-of/counts.ts';
import type { AsOfMoment } from '../as-of/moment.ts';
import { intersect } from '../as-of/ranges.ts';
import { countPostings } from '../lists/board-counts.ts';

type Range = Parameters<typeof intersect>[0];

/** Trucks and loads of an organization as they were at `asOf`, counted from their lifetimes. */
export async function postingTotalsAsOf(
  documents: DocumentStore,
  orgId: string,
  asOf: AsOfMoment,
): Promise<PostingTotals> {
  const [truckCount, loadCount] = await Promise.all(
    (['trucks', 'loads'] as const).map((kind) =>
      countAsOf(documents, listHistories[kind], { orgId: { eq: orgId } }, asOf.at, {
        count: () => countPostings(documents, kind, listHistories[kind].list, { orgId: { eq: orgId } }),
        addedSince: addedSince(documents, listHistories[kind], orgId, asOf.at),
      }),
    ),
  );
  return { truckCount: truckCount ?? 0, loadCount: loadCount ?? 0 };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The first instant of a local calendar date of `timeZone` (noon UTC falls on that date in every US zone). */
const localStart = (timeZone: string, date: string) =>
  dayRange(timeZone, new Date(`${date}T12:00:00.000Z`)).start;

/**
 * The overview's months as they were at `asOf`: each month counted over the postings in service
 * then, with the overview's own filters (read only, so it counts rather than reading the calendar).
 */
export async function monthlyCountsAsOf(
  documents: DocumentStore,
  orgId: string,
  timeZone: string,
  query: OverviewQuery,
  asOf: AsOfMoment,
): Promise<MonthlyCount[]> {
  const year = query.year ?? Number(localDateOf(timeZone, asOf.at).slice(0, 4));
  const dateField = query.dateField ?? 'createdAt';
  const field = dateFieldOf[dateField];
  const asked = dateCondition({ ...query, dateField })?.range ?? {};
  return Promise.all(
    monthNames.map(async (monthName, index) => {
      const month = index + 1;
      const first = `${year}-${pad(month)}-01`;
      const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
      // An availability date is a calendar date kept as its midnight UTC; the other fields are instants.
      const bounds: Range =
        dateField === 'availableDate'
          ? { gte: `${first}T00:00:00.000Z`, lt: `${next}T00:00:00.000Z` }
          : { gte: localStart(timeZone, first), lt: localStart(timeZone, next) };
      const filter: Filter = { orgId: { eq: orgId }, [field]: intersect(bounds, asked) };
      if (query.createdBy) filter.createdBy = { eq: query.createdBy };
      const count = await countValidAt(documents, listHistories[query.type], filter, asOf.at);
      return { monthName, month, year, count };
    }),
  );
}
