import { AS_OF_POSITION_MESSAGE, type DayRange, dayRange } from '@dispatch/domain';
import { InputError } from '@dispatch/http';
import type { ListHistory, VersionFields } from '@dispatch/projector';
import type { Condition, Document, DocumentStore, EventStore, Filter, SortKey } from '@dispatch/storage';
import type { BoardDays } from './board-counts.ts';

/** The moment a list is answered as of: its instant, and the event position it was asked by, if any. */
export interface AsOfMoment {
  at: string;
  position: string | null;
}

/** What became of a row shown as of a moment, since then: still the same, changed, or removed. */
export type SinceMark = 'unchanged' | 'changed' | 'removed';

/**
 * The instant `asOf` names: itself, or the instant of the event at that position of the log. A
 * position must be one of the organization's own events: any other (another organization's, the
 * platform's, none) is refused alike, so that a position never tells of anyone else's activity.
 */
export async function resolveAsOf(
  eventStore: EventStore,
  orgId: string,
  asOf: string | undefined,
): Promise<AsOfMoment | null> {
  if (asOf === undefined) return null;
  if (!/^\d+$/.test(asOf)) return { at: asOf, position: null };
  const position = BigInt(asOf);
  const [event] = position > 0n ? await eventStore.readAll(position - 1n, 1) : [];
  if (!event || event.position !== position || event.metadata.orgId !== orgId) {
    throw new InputError('query', { asOf: [AS_OF_POSITION_MESSAGE] });
  }
  return { at: event.metadata.occurredAt, position: asOf };
}

type Range = { gt?: string; gte?: string; lt?: string; lte?: string };
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
export function intersect(a: Range, b: Range): Range {
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

/** `filter` with `field` also at or before `at` (an instant field; its own date range kept). */
function atOrBefore(filter: Filter, field: string, at: string): Filter {
  const condition = filter[field] as Condition | undefined;
  return { ...filter, [field]: intersect((condition ?? {}) as Range, { lte: at }) };
}

/**
 * The list rows in service now that were already so at `at`: changed last at or before it. A row's
 * `updatedAt` is never later than its validity's start, so it narrows through the list's indexes.
 */
export function rowsFilterAt(history: ListHistory, filter: Filter, at: string): Filter {
  const narrowed = atOrBefore(filter, 'updatedAt', at);
  return history.validFrom === 'updatedAt' ? narrowed : atOrBefore(narrowed, history.validFrom, at);
}

/**
 * The ended versions in service at `at`. A version in service then was made at or before it, so the
 * sort field (an instant the version's event set or an earlier one) is bounded too, which lets the
 * page start in the list's own index at that instant.
 */
export function versionsFilterAt(filter: Filter, at: string, sortField: string | null): Filter {
  const valid: Filter = { ...filter, validFromAt: { lte: at }, validToAt: { gt: at } };
  return sortField === 'updatedAt' || sortField === 'createdAt' ? atOrBefore(valid, sortField, at) : valid;
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

/** A row of a list as of a moment: from the list (in service since) or from an ended version. */
export interface Found<T> {
  document: T;
  ended: boolean;
}

/** One of the two ordered sources an as-of answer merges: a page at an offset, and its size. */
export interface Source<T> {
  page(skip: number, limit: number): Promise<T[]>;
  count(): Promise<number>;
}

/** Pages up to this deep merge the sources' first rows; deeper ones find the split first. */
const SHALLOW = 1_000;

function merged<T>(a: T[], b: T[], compare: (x: T, y: T) => number, limit: number): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (out.length < limit && (i < a.length || j < b.length)) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && compare(x, y) < 0)) {
      out.push(x as T);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
  return out;
}

/**
 * Rows `skip` to `skip + limit` of two sources merged in the order `compare` gives (a strict order:
 * no row of one source equals a row of the other). A shallow page merges the first rows of both; a
 * deep one first finds, by bisection, how many of the rows before it come from each source (a few
 * rows read at each step), so no page holds more than its own rows in memory.
 */
export async function pageOfTwo<T>(
  a: Source<T>,
  b: Source<T>,
  compare: (x: T, y: T) => number,
  skip: number,
  limit: number,
): Promise<T[]> {
  if (skip <= SHALLOW) {
    const [first, second] = await Promise.all([a.page(0, skip + limit), b.page(0, skip + limit)]);
    return merged(first, second, compare, skip + limit).slice(skip);
  }
  const [sizeA, sizeB] = await Promise.all([a.count(), b.count()]);
  if (skip >= sizeA + sizeB) return [];
  let low = Math.max(0, skip - sizeB);
  let high = Math.min(skip, sizeA);
  for (;;) {
    // A list written to meanwhile may leave no exact split: the bisection then stops where it is.
    const fromA = Math.min(Math.max((low + high) >> 1, 0), Math.min(skip, sizeA));
    const fromB = skip - fromA;
    const [aroundA, aroundB] = await Promise.all([
      fromA > 0 ? a.page(fromA - 1, 2) : a.page(0, 1).then((rows) => [undefined, ...rows]),
      fromB > 0 ? b.page(fromB - 1, 2) : b.page(0, 1).then((rows) => [undefined, ...rows]),
    ]);
    const [lastA, nextA] = aroundA;
    const [lastB, nextB] = aroundB;
    const tooMany = lastA !== undefined && nextB !== undefined && compare(lastA, nextB) > 0;
    const tooFew = lastB !== undefined && nextA !== undefined && compare(lastB, nextA) > 0;
    if (tooMany && low < fromA) high = fromA - 1;
    else if (tooFew && fromA < high) low = fromA + 1;
    else {
      const [restA, restB] = await Promise.all([a.page(fromA, limit), b.page(fromB, limit)]);
      return merged(restA, restB, compare, limit);
    }
  }
}

/** A comparison of one value of a sort: null first, as both stores order it ascending. */
function compareValues(x: unknown, y: unknown): number {
  if (x === y) return 0;
  if (x === null || x === undefined) return -1;
  if (y === null || y === undefined) return 1;
  return (x as string | number) < (y as string | number) ? -1 : 1;
}

const valueAt = (document: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], document);

/** The stores' order of a sorted query: its keys, then the document id ascending. */
export function storeOrder(sort: SortKey[]) {
  return (x: Document, y: Document) => {
    for (const key of sort) {
      const by = compareValues(valueAt(x, key.field), valueAt(y, key.field));
      if (by !== 0) return key.direction === 'desc' ? -by : by;
    }
    return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
  };
}

/**
 * The two sources of a list as of `at`, in the list's order: its rows in service since then, and the
 * ended versions in service then. Their ids never meet (a version's is `{row}@{position}`), so the
 * merged order is the one the stores give each.
 */
function listSourcesAt<Row extends Document>(
  documents: DocumentStore,
  history: ListHistory,
  filter: Filter,
  sort: SortKey[],
  at: string,
): [Source<Found<Row>>, Source<Found<Row>>] {
  const sortField = sort[0]?.field ?? null;
  // A row in service then was made by then too: in creation order, its page ends at that instant.
  const rows = rowsFilterAt(
    history,
    sortField === 'createdAt' ? atOrBefore(filter, 'createdAt', at) : filter,
    at,
  );
  const versions = versionsFilterAt(filter, at, sortField);
  return [
    {
      page: async (skip, limit) =>
        (await documents.find<Row>(history.list, { filter: rows, sort, skip, limit })).map((document) => ({
          document,
          ended: false,
        })),
      count: () => documents.count(history.list, rows),
    },
    {
      page: async (skip, limit) =>
        (await documents.find<Row>(history.versions, { filter: versions, sort, skip, limit })).map(
          (document) => ({ document, ended: true }),
        ),
      count: () => documents.count(history.versions, versions),
    },
  ];
}

/** Rows `skip` to `skip + limit` of a list as of `at`, with its filter and sort. */
export async function findAsOf<Row extends Document>(
  documents: DocumentStore,
  history: ListHistory,
  query: { filter: Filter; sort: SortKey[]; skip: number; limit: number; at: string },
): Promise<Found<Row>[]> {
  const [rows, versions] = listSourcesAt<Row>(documents, history, query.filter, query.sort, query.at);
  const order = storeOrder(query.sort);
  return pageOfTwo(rows, versions, (x, y) => order(x.document, y.document), query.skip, query.limit);
}

/**
 * Every row of a list as of `at`, in the list's order, read `pageSize` at a time from each source as
 * the reader takes them (a CSV export).
 */
export async function* allAsOf<Row extends Document>(
  documents: DocumentStore,
  history: ListHistory,
  query: { filter: Filter; sort: SortKey[]; at: string; pageSize: number },
): AsyncGenerator<Found<Row>> {
  const order = storeOrder(query.sort);
  const readers = listSourcesAt<Row>(documents, history, query.filter, query.sort, query.at).map(
    (source) => ({ source, buffer: [] as Found<Row>[], read: 0, done: false }),
  );
  const fill = async (reader: (typeof readers)[number]) => {
    if (reader.buffer.length > 0 || reader.done) return;
    reader.buffer = await reader.source.page(reader.read, query.pageSize);
    reader.read += reader.buffer.length;
    reader.done = reader.buffer.length < query.pageSize;
  };
  for (;;) {
    await Promise.all(readers.map(fill));
    const [a, b] = readers as [(typeof readers)[number], (typeof readers)[number]];
    const x = a.buffer[0];
    const y = b.buffer[0];
    if (x === undefined && y === undefined) return;
    const takeA = y === undefined || (x !== undefined && order(x.document, y.document) < 0);
    yield (takeA ? a : b).buffer.shift() as Found<Row>;
  }
}

/** The row a found document shows, as the list would hold it. */
export const rowOfFound = <Row>(found: Found<Row>): Row =>
  found.ended ? rowOfVersion<Row>(found.document as Row & VersionFields) : found.document;

/**
 * Per row of an as-of page: has it changed or gone since? A row from the list is unchanged; an ended
 * version's row changed since, or is gone.
 */
export async function marksSince<Row extends Document>(
  documents: DocumentStore,
  list: string,
  found: Found<Row>[],
): Promise<Map<string, SinceMark>> {
  const marks = new Map<string, SinceMark>();
  await Promise.all(
    found.map(async ({ document, ended }) => {
      if (!ended) return marks.set(document.id, 'unchanged');
      const { rowId } = document as unknown as VersionFields;
      const current = await documents.get(list, rowId);
      return marks.set(rowId, current ? 'changed' : 'removed');
    }),
  );
  return marks;
}

/** The id of the row a found document shows. */
export const rowIdOfFound = (found: Found<Document>) =>
  found.ended ? (found.document as unknown as VersionFields).rowId : found.document.id;

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
  // Made on that day (by the instant asked about) and still standing then.
  const created = (day: DayRange) =>
    standingAt(documents, history, orgId, at, { gte: day.start, lt: day.end < at ? day.end : at });
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

/** What an as-of answer says beside its page: the moment, and how many rows were added since. */
export interface AsOfAnswer {
  at: string;
  position: string | null;
  addedSince: number;
}

/**
 * One page of a list as of `asOf`, with the list's own filter, sort and paging over the rows in
 * service then; each row says what became of it since (`since`).
 */
export async function listPageAsOf<Row extends Document>(options: {
  documents: DocumentStore;
  history: ListHistory;
  orgId: string;
  filter: Filter;
  sort: SortKey[];
  skip: number;
  limit: number;
  asOf: AsOfMoment;
  /** How many rows the organization's list holds now, from its counters. */
  inService: () => Promise<number>;
}) {
  const { documents, history, asOf } = options;
  const added = addedSince(documents, history, options.orgId, asOf.at);
  const now: InService = { count: options.inService, addedSince: added };
  const [found, totalCount] = await Promise.all([
    findAsOf<Row>(documents, history, { ...options, at: asOf.at }),
    countAsOf(documents, history, options.filter, asOf.at, now),
  ]);
  const marks = await marksSince(documents, history.list, found);
  const rows = found.map((one) => ({
    row: rowOfFound<Row>(one),
    since: marks.get(rowIdOfFound(one)) ?? 'unchanged',
  }));
  const answer: AsOfAnswer = { at: asOf.at, position: asOf.position, addedSince: await added };
  return { rows, totalCount, asOf: answer };
}
