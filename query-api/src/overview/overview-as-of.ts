import {
  dateCondition,
  dateFieldOf,
  dayRange,
  localDateOf,
  type MonthlyCount,
  monthNames,
  type OverviewQuery,
  type PostingKind,
  type PostingTotals,
} from '@dispatch/domain';
import { collections } from '@dispatch/projector';
import type { DocumentStore, Filter } from '@dispatch/storage';
import { type AsOfMoment, countAsOf } from '../lists/as-of.ts';

type Range = { gt?: string; gte?: string; lt?: string; lte?: string };

const versionCollections: Record<PostingKind, string> = {
  trucks: collections.truckVersions,
  loads: collections.loadVersions,
};

const lifetimeCollections: Record<PostingKind, string> = {
  trucks: collections.truckLifetimes,
  loads: collections.loadLifetimes,
};

const validAt = (orgId: string, at: string): Filter => ({
  orgId: { eq: orgId },
  validFromAt: { lte: at },
  validToAt: { gt: at },
});

/** Trucks and loads of an organization as they were at `asOf`, counted over their versions. */
export async function postingTotalsAsOf(
  documents: DocumentStore,
  orgId: string,
  asOf: AsOfMoment,
): Promise<PostingTotals> {
  const [truckCount, loadCount] = await Promise.all(
    (['trucks', 'loads'] as const).map((kind) =>
      countAsOf(
        documents,
        versionCollections[kind],
        lifetimeCollections[kind],
        { orgId: { eq: orgId } },
        asOf.at,
      ),
    ),
  );
  return { truckCount: truckCount ?? 0, loadCount: loadCount ?? 0 };
}

type Bound = { value: string; strict: boolean };

const lowerOf = (range: Range): Bound | null =>
  range.gt !== undefined
    ? { value: range.gt, strict: true }
    : range.gte !== undefined
      ? { value: range.gte, strict: false }
      : null;
const upperOf = (range: Range): Bound | null =>
  range.lt !== undefined
    ? { value: range.lt, strict: true }
    : range.lte !== undefined
      ? { value: range.lte, strict: false }
      : null;

/** Both ranges at once: the later lower bound and the earlier upper bound. */
function intersect(a: Range, b: Range): Range {
  const lowers = [lowerOf(a), lowerOf(b)].filter((bound): bound is Bound => bound !== null);
  const uppers = [upperOf(a), upperOf(b)].filter((bound): bound is Bound => bound !== null);
  const lower = lowers.sort((x, y) =>
    x.value === y.value ? Number(y.strict) - Number(x.strict) : x.value < y.value ? 1 : -1,
  )[0];
  const upper = uppers.sort((x, y) =>
    x.value === y.value ? Number(y.strict) - Number(x.strict) : x.value < y.value ? -1 : 1,
  )[0];
  const out: Range = {};
  if (lower) out[lower.strict ? 'gt' : 'gte'] = lower.value;
  if (upper) out[upper.strict ? 'lt' : 'lte'] = upper.value;
  return out;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The first instant of a local calendar date of `timeZone` (noon UTC falls on that date in every US zone). */
const localStart = (timeZone: string, date: string) =>
  dayRange(timeZone, new Date(`${date}T12:00:00.000Z`)).start;

/**
 * The overview's months as they were at `asOf`: each month counted over the versions in service
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
      const filter: Filter = { ...validAt(orgId, asOf.at), [field]: intersect(bounds, asked) };
      if (query.createdBy) filter.createdBy = { eq: query.createdBy };
      return { monthName, month, year, count: await documents.count(versionCollections[query.type], filter) };
    }),
  );
}
