import { HttpError } from '@dispatch/auth/http/boundary';
import { type DayRange, dayRange } from '@dispatch/domain';
import { OPEN_VERSION_END, type VersionFields } from '@dispatch/projector';
import type { Document, DocumentStore, EventStore, Filter, SortKey } from '@dispatch/storage';
import type { BoardDays } from './board-counts.ts';

/** The moment a list is answered as of: its instant, and the event position it was asked by, if any. */
export interface AsOfMoment {
  at: string;
  position: string | null;
}

/** What became of a row shown as of a moment, since then: still the same, changed, or removed. */
export type SinceMark = 'unchanged' | 'changed' | 'removed';

/** The instant `asOf` names: itself, or the instant of the event at that position of the log. */
export async function resolveAsOf(
  eventStore: EventStore,
  asOf: string | undefined,
): Promise<AsOfMoment | null> {
  if (asOf === undefined) return null;
  if (!/^\d+$/.test(asOf)) return { at: asOf, position: null };
  const position = BigInt(asOf);
  const [event] = position > 0n ? await eventStore.readAll(position - 1n, 1) : [];
  if (!event || event.position !== position) {
    throw new HttpError(400, 'VALIDATION_ERROR', 'Invalid query parameters');
  }
  return { at: event.metadata.occurredAt, position: asOf };
}

/**
 * A list's filter as of `at`: the versions in service at that instant. A version in service then was
 * made at or before it, so the sort field (an instant the version's event set or an earlier one) is
 * bounded too, which lets the page start in the list's own index at that instant.
 */
export function filterAsOf(filter: Filter, at: string, sortField: string | null): Filter {
  const asOf: Filter = { ...filter, validFromAt: { lte: at }, validToAt: { gt: at } };
  if (sortField && !asOf[sortField]) asOf[sortField] = { lte: at };
  return asOf;
}

/** The row a version holds, as the list would hold it. */
export function rowOfVersion<T>(version: T & VersionFields): T {
  const {
    rowId,
    validFromAt: _from,
    validToAt: _to,
    rowCreatedAt: _created,
    endedBy: _ended,
    ...row
  } = version as VersionFields & Record<string, unknown>;
  return { ...row, id: rowId } as T;
}

/** Per row of an as-of page: has it changed or gone since? (A version still in service is unchanged.) */
export async function marksSince(
  documents: DocumentStore,
  list: string,
  versions: (Document & VersionFields)[],
): Promise<Map<string, SinceMark>> {
  const marks = new Map<string, SinceMark>();
  await Promise.all(
    versions.map(async (version) => {
      if (version.validToAt === OPEN_VERSION_END) return marks.set(version.rowId, 'unchanged');
      const current = await documents.get(list, version.rowId);
      return marks.set(version.rowId, current ? 'changed' : 'removed');
    }),
  );
  return marks;
}

/** How many rows of the list in service now were made after `at`. */
export function addedSince(documents: DocumentStore, lifetimes: string, orgId: string, at: string) {
  return documents.count(lifetimes, {
    orgId: { eq: orgId },
    diedAt: { eq: OPEN_VERSION_END },
    bornAt: { gt: at },
  });
}

/**
 * The list's today and yesterday figures as they were at `at`: days of the organization's time zone
 * around that instant, counted over the versions in service then.
 */
export async function boardDaysAsOf(
  documents: DocumentStore,
  versions: string,
  lifetimes: string,
  orgId: string,
  timeZone: string,
  at: string,
  availableFilter: Filter,
): Promise<BoardDays> {
  const org: Filter = { orgId: { eq: orgId } };
  // Made on that day (by the instant asked about) and still standing then: from the lifetimes alone.
  const created = (day: DayRange) =>
    documents.count(lifetimes, {
      ...org,
      bornAt: { gte: day.start, lt: day.end < at ? day.end : at },
      diedAt: { gt: at },
    });
  // An availability date is a calendar date, stored as its UTC midnight.
  const available = (day: DayRange) =>
    documents.count(versions, {
      ...org,
      validFromAt: { lte: at },
      validToAt: { gt: at },
      ...availableFilter,
      availabilityDate: { gte: `${day.date}T00:00:00.000Z`, lte: `${day.date}T23:59:59.999Z` },
    });
  const today = dayRange(timeZone, new Date(at));
  const yesterday = dayRange(timeZone, new Date(at), -1);
  const [createdToday, createdYesterday, availableToday, availableYesterday] = await Promise.all([
    created(today),
    created(yesterday),
    available(today),
    available(yesterday),
  ]);
  return { createdToday, createdYesterday, availableToday, availableYesterday };
}

/**
 * How many rows a list filter matched at `at`. Narrowed by the organization alone, it is the rows
 * made by then less those removed by then, from the lifetimes' indexes; any other filter counts the
 * versions valid then.
 */
export async function countAsOf(
  documents: DocumentStore,
  versions: string,
  lifetimes: string,
  filter: Filter,
  at: string,
): Promise<number> {
  const { orgId, ...rest } = filter;
  if (orgId && Object.keys(rest).length === 0) {
    const [born, died] = await Promise.all([
      documents.count(lifetimes, { orgId, bornAt: { lte: at } }),
      documents.count(lifetimes, { orgId, diedAt: { lte: at } }),
    ]);
    return born - died;
  }
  return documents.count(versions, filterAsOf(filter, at, null));
}

/** What an as-of answer says beside its page: the moment, and how many rows were added since. */
export interface AsOfAnswer {
  at: string;
  position: string | null;
  addedSince: number;
}

/**
 * One page of a list as of `asOf`, with the list's own filter, sort and paging over the versions in
 * service then; each row says what became of it since (`since`).
 */
export async function listPageAsOf<Row extends Document>(options: {
  documents: DocumentStore;
  list: string;
  versions: string;
  lifetimes: string;
  orgId: string;
  filter: Filter;
  sort: SortKey[];
  skip: number;
  limit: number;
  asOf: AsOfMoment;
}) {
  const { documents, versions, asOf } = options;
  const sortField = options.sort[0]?.field;
  const filter = filterAsOf(
    options.filter,
    asOf.at,
    sortField === 'updatedAt' || sortField === 'createdAt' ? sortField : null,
  );
  const [found, totalCount, added] = await Promise.all([
    documents.find<Row & VersionFields>(versions, {
      filter,
      sort: options.sort,
      skip: options.skip,
      limit: options.limit,
    }),
    countAsOf(documents, versions, options.lifetimes, options.filter, asOf.at),
    addedSince(documents, options.lifetimes, options.orgId, asOf.at),
  ]);
  const marks = await marksSince(documents, options.list, found);
  const rows = found.map((version) => ({
    row: rowOfVersion<Row>(version),
    since: marks.get(version.rowId) ?? 'unchanged',
  }));
  const answer: AsOfAnswer = { at: asOf.at, position: asOf.position, addedSince: added };
  return { rows, totalCount, asOf: answer };
}
