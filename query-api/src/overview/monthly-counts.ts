import {
  dateCondition,
  dateFieldOf,
  dayRange,
  localDateOf,
  type MonthlyCount,
  monthNames,
  type OverviewQuery,
  type PostingKind,
} from '@dispatch/domain';
import {
  ALL_CREATORS,
  type BoardCalendarDocument,
  boardCalendarId,
  type CalendarDateField,
  collections,
  monthTotal,
} from '@dispatch/read-models';
import type { DocumentStore, Filter } from '@dispatch/storage';

type Range = { gt?: string; gte?: string; lt?: string; lte?: string };

const postingCollections: Record<PostingKind, string> = {
  trucks: collections.trucks,
  loads: collections.loads,
};

const pad = (value: number) => String(value).padStart(2, '0');

function inRange(instant: string, range: Range): boolean {
  return (
    (range.gt === undefined || instant > range.gt) &&
    (range.gte === undefined || instant >= range.gte) &&
    (range.lt === undefined || instant < range.lt) &&
    (range.lte === undefined || instant <= range.lte)
  );
}

/** The later of two lower bounds and the earlier of two upper bounds: both ranges at once. */
function intersect(range: Range, day: { start: string; end: string }): Range {
  const lower = range.gt ?? range.gte;
  const upper = range.lt ?? range.lte;
  const out: Range = {};
  if (lower !== undefined && lower >= day.start) {
    if (range.gt !== undefined) out.gt = range.gt;
    else out.gte = lower;
  } else out.gte = day.start;
  if (upper !== undefined && upper < day.end) {
    if (range.lt !== undefined) out.lt = range.lt;
    else out.lte = upper;
  } else out.lt = day.end;
  return out;
}

interface Context {
  documents: DocumentStore;
  orgId: string;
  timeZone: string;
  kind: PostingKind;
  dateField: CalendarDateField;
  createdBy: string | undefined;
  range: Range;
}

/**
 * How many of a day's postings fall in the range. Days wholly inside or outside it are answered
 * from the counter; only a day the range starts or ends in is counted in the list itself, through
 * its (organization, date) index: at most two days' rows per request.
 */
async function countDay(context: Context, date: string, counted: number): Promise<number> {
  const { range, dateField, timeZone } = context;
  // An availability date is a calendar date, kept as that day's midnight UTC: it is in or out.
  if (dateField === 'availableDate') return inRange(`${date}T00:00:00.000Z`, range) ? counted : 0;
  const lower = range.gt ?? range.gte;
  const upper = range.lt ?? range.lte;
  const firstDay = lower === undefined ? null : localDateOf(timeZone, lower);
  const lastDay = upper === undefined ? null : localDateOf(timeZone, upper);
  if ((firstDay !== null && date < firstDay) || (lastDay !== null && date > lastDay)) return 0;
  if (date !== firstDay && date !== lastDay) return counted;
  const day = dayRange(
    timeZone,
    new Date(Date.parse(date === firstDay ? (lower as string) : (upper as string))),
  );
  const filter: Filter = {
    orgId: { eq: context.orgId },
    [dateFieldOf[dateField]]: intersect(range, day),
  };
  if (context.createdBy) filter.createdBy = { eq: context.createdBy };
  return context.documents.count(postingCollections[context.kind], filter);
}

/**
 * Postings per month of `year` (docs/rules.md#entities-and-fields: monthName, month, year, count), all twelve months,
 * from the projector's calendar of the year: one document, whatever the size of the board.
 */
export async function monthlyCounts(
  documents: DocumentStore,
  orgId: string,
  timeZone: string,
  query: OverviewQuery,
  now: Date,
): Promise<MonthlyCount[]> {
  const year = query.year ?? Number(localDateOf(timeZone, now.toISOString()).slice(0, 4));
  const dateField = query.dateField ?? 'createdAt';
  const calendar = await documents.get<BoardCalendarDocument>(
    collections.boardCalendar,
    boardCalendarId(query.type, orgId, query.createdBy ?? ALL_CREATORS, year),
  );
  const condition = dateCondition({ ...query, dateField });
  const context: Context = {
    documents,
    orgId,
    timeZone,
    kind: query.type,
    dateField,
    createdBy: query.createdBy,
    range: condition?.range ?? {},
  };
  return Promise.all(
    monthNames.map(async (monthName, index) => {
      const month = index + 1;
      const days = calendar?.[dateField]?.[pad(month)];
      let count = monthTotal(days);
      if (condition && count > 0) {
        const inRange = await Promise.all(
          Object.entries(days ?? {})
            .filter(([, onDay]) => onDay > 0)
            .map(([day, onDay]) => countDay(context, `${year}-${pad(month)}-${day}`, onDay)),
        );
        count = inRange.reduce((sum, onDay) => sum + onDay, 0);
      }
      return { monthName, month, year, count };
    }),
  );
}
