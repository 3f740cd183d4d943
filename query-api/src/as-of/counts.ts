import { type DayRange, dayRange } from '@dispatch/domain';
import type { ListHistory } from '@dispatch/read-models';
import type { DocumentStore, Filter } from '@dispatch/storage';
import type { BoardDays } from '../lists/board-counts.ts';
import { intersect, type Range, rowsFilterAt, versionsFilterAt } from './ranges.ts';

/** How many rows of the list in service now were made after `at`. */
export function addedSince(documents: DocumentStore, history: ListHistory, orgId: string, at: string) {
  return documents.count(history.list, { orgId: { eq: orgId }, createdAt: { gt: at } });
}

/**
 * How many rows of an organization stood at `at`, of those made within `made` (at or before `at`):
 * the rows in service made then, and the removed rows made then and removed after `at` (a removed
 * row's last version ended by its removal). Index counts, however often the rows were edited.
 */
export async function standingAt(
  documents: DocumentStore,
  history: ListHistory,
  orgId: string,
  at: string,
  made: Range,
  /** Given for every row ever made: the rows in service now, and those made after `at`. */
  now?: InService,
): Promise<number> {
  const org: Filter = { orgId: { eq: orgId } };
  const [inService, removed] = await Promise.all([
    now
      ? Promise.all([now.count(), now.addedSince]).then(([all, added]) => all - added)
      : documents.count(history.list, { ...org, createdAt: intersect(made, { lte: at }) }),
    documents.count(history.versions, {
      ...org,
      endedBy: { eq: 'removal' },
      validToAt: { gt: at },
      rowCreatedAt: intersect(made, { lte: at }),
    }),
  ]);
  return inService + removed;
}

/**
 * The list in service now, as its counters tell it: how many rows it holds, and how many of them were
 * made after the moment asked about (which the as-of answer says anyway). The rows in service made by
 * then are their difference, without counting them one by one.
 */
export interface InService {
  count(): Promise<number>;
  addedSince: Promise<number>;
}

/** How many rows of a list matched `filter` at `at`: its rows in service since, and the versions valid then. */
export async function countValidAt(
  documents: DocumentStore,
  history: ListHistory,
  filter: Filter,
  at: string,
): Promise<number> {
  const [rows, versions] = await Promise.all([
    documents.count(history.list, rowsFilterAt(history, filter, at)),
    documents.count(history.versions, versionsFilterAt(filter, at, null)),
  ]);
  return rows + versions;
}

/**
 * The list's today and yesterday figures as they were at `at`: days of the organization's time zone
 * around that instant, counted over the rows in service then.
 */
export async function boardDaysAsOf(
  documents: DocumentStore,
  history: ListHistory,
  orgId: string,
  timeZone: string,
  at: string,
  availableFilter: Filter,
): Promise<BoardDays> {
  const org: Filter = { orgId: { eq: orgId } };
  // Made on that day, at or before the instant asked about (a posting made at that very instant is
  // on the board then, as its row is), and still standing then.
  const created = (day: DayRange) =>
    standingAt(
      documents,
      history,
      orgId,
      at,
      day.end <= at ? { gte: day.start, lt: day.end } : { gte: day.start, lte: at },
    );
  // An availability date is a calendar date, stored as its UTC midnight.
  const available = (day: DayRange) =>
    countValidAt(
      documents,
      history,
      {
        ...org,
        ...availableFilter,
        availabilityDate: { gte: `${day.date}T00:00:00.000Z`, lte: `${day.date}T23:59:59.999Z` },
      },
      at,
    );
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
 * that stood then (standingAt), counted from indexes that start with the organization and the
 * creation; any other filter counts the rows and versions valid then.
 */
export async function countAsOf(
  documents: DocumentStore,
  history: ListHistory,
  filter: Filter,
  at: string,
  now?: InService,
): Promise<number> {
  const { orgId, ...rest } = filter;
  if (orgId && 'eq' in orgId && typeof orgId.eq === 'string' && Object.keys(rest).length === 0)
    return standingAt(documents, history, orgId.eq, at, {}, now);
  return countValidAt(documents, history, filter, at);
}
