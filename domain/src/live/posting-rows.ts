import { z } from 'zod';
import type { PostingKind } from '../overview/overview-query.ts';

/**
 * The rows a change notice of trucks or loads carries: each changed posting as the list shows it, so
 * an open screen places it in its page without reading the list again (docs/decisions.md, "Live rows").
 * More changed postings than this in one commit: the notice names them only, and screens re-read.
 */
export const MAX_NOTICE_ROWS = 50;

/**
 * Fields of a list row that not every member of the organization may see: left out of a notice's
 * rows, named in its `withheld`. A screen whose rows show one of them re-reads its page instead.
 */
export const WITHHELD_ROW_FIELDS: Record<PostingKind, readonly string[]> = {
  trucks: [],
  loads: ['margin', 'marginUnit'],
};

/** A posting row of a notice: the list row's fields; its id and version are what a screen compares. */
export const noticeRowSchema = z.looseObject({ id: z.number().int(), version: z.number().int() });
export type NoticeRow = z.infer<typeof noticeRowSchema>;

/** The organization's whole board after the commit: the totals of an unfiltered list. */
export const noticeBoardSchema = z.object({
  totalCount: z.number().int().nonnegative(),
  createdToday: z.number().int().nonnegative(),
  createdYesterday: z.number().int().nonnegative(),
  availableToday: z.number().int().nonnegative(),
  availableYesterday: z.number().int().nonnegative(),
});
export type NoticeBoard = z.infer<typeof noticeBoardSchema>;

/** What a notice of trucks or loads adds to the ids: every id is in `rows` or in `removed`. */
export const postingNoticeFields = {
  rows: z.array(noticeRowSchema).max(MAX_NOTICE_ROWS).optional(),
  /** Ids no longer on the live board (removed, expired, booked). */
  removed: z.array(z.number().int()).optional(),
  board: noticeBoardSchema.optional(),
  withheld: z.array(z.string()).optional(),
};

/** A notice as the patch reads it. */
export interface PostingNotice {
  ids: readonly (number | string)[];
  rows?: readonly NoticeRow[];
  removed?: readonly number[];
  board?: NoticeBoard;
  withheld?: readonly string[];
}

/** A page of the trucks or loads list, as `GET /api/v1/{trucks,loads}` answers it. */
export interface PostingListPage {
  data: readonly { id: number; version: number }[];
  count: number;
  totalCount: number;
  totalPages: number;
  limit: number;
  page: number;
  totalCountExact?: boolean;
}

/** The board's day figures under each list's names in its page answer. */
const dayFields: Record<PostingKind, Record<Exclude<keyof NoticeBoard, 'totalCount'>, string>> = {
  trucks: {
    createdToday: 'totalTrucksCreatedToday',
    createdYesterday: 'totalTrucksCreatedYesterday',
    availableToday: 'totalAvailableToday',
    availableYesterday: 'totalAvailableYesterday',
  },
  loads: {
    createdToday: 'totalCreatedToday',
    createdYesterday: 'totalCreatedYesterday',
    availableToday: 'totalAvailableToday',
    availableYesterday: 'totalAvailableYesterday',
  },
};

/** The list parameters that only page and order. */
const pagingKeys = new Set(['limit', 'page', 'orderBy', 'sort']);

/** The filters a screen can test a row against, by the row's own field, value by value. */
const rowFilters: Record<PostingKind, Record<string, (row: NoticeRow, value: unknown) => boolean>> = {
  trucks: {
    status: (row, value) => String(row.status) === value,
    trailerType: (row, value) => Array.isArray(value) && value.includes(row.trailerType),
    direction: (row, value) => Array.isArray(value) && value.includes(row.direction),
    createdBy: (row, value) => row.createdBy === value,
  },
  loads: {
    // A load has no status: the parameter filters nothing (loadListFilter).
    status: () => true,
    trailerType: (row, value) => Array.isArray(value) && value.includes(row.trailerType),
    product: (row, value) => Array.isArray(value) && value.includes(row.product),
    createdBy: (row, value) => row.createdBy === value,
  },
};

/** The row field each date order sorts by (the others are not placed by a screen). */
const sortFields: Record<string, string> = {
  updatedAt: 'updatedAt',
  createdAt: 'createdAt',
  availableDate: 'availabilityDate',
};

const isSet = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

export type PagePatch<Page> =
  | { outcome: 'unchanged' }
  | { outcome: 'patched'; page: Page }
  | { outcome: 'refetch' };

const refetch = { outcome: 'refetch' } as const;

/**
 * What a change notice of trucks or loads does to one page a screen shows, asked with `query` (the
 * list's parameters): the page with the notice's rows placed, taken off or replaced, and its totals
 * set; or `refetch` when the page cannot be known from the notice alone (ids only, a field the
 * notice withholds, a filter or an order a row cannot be tested against, a row that leaves a page
 * followed by others, a row whose earlier state decides the filtered total). The web client and
 * the floor benchmark both apply it.
 */
export function patchPostingPage<Page extends PostingListPage>(
  kind: PostingKind,
  query: Readonly<Record<string, unknown>>,
  page: Page,
  notice: PostingNotice,
): PagePatch<Page> {
  const rows = notice.rows ?? [];
  const removed = notice.removed ?? [];
  const covered = new Set<number | string>([...rows.map((row) => row.id), ...removed]);
  if (!notice.rows || !notice.board || notice.ids.some((id) => !covered.has(id))) return refetch;
  const board = notice.board;
  // A past moment, a maximum age (a page read each time) and a text search are the server's to answer.
  if (isSet(query.asOf) || isSet(query.maxAgeHours)) return refetch;
  const filterKeys = Object.keys(query).filter((key) => !pagingKeys.has(key) && isSet(query[key]));
  const tests = rowFilters[kind];
  if (filterKeys.some((key) => !tests[key])) return refetch;
  const filtered = filterKeys.length > 0;
  const matches = (row: NoticeRow) => filterKeys.every((key) => tests[key]?.(row, query[key]) ?? false);
  const withheld = notice.withheld ?? [];
  if (withheld.length > 0 && page.data.some((row) => withheld.some((field) => field in row))) return refetch;
  const field = sortFields[String(query.orderBy ?? 'updatedAt')];
  const descending = query.sort !== 'asc';
  const keyOf = (row: object) => (row as Record<string, unknown>)[field ?? ''];
  const firstPage = page.page === 0;
  // Rows after this page before the notice: a row sorting after every row shown goes to a later page.
  const followed = page.totalCount > page.page * page.limit + page.data.length;

  let data = [...page.data] as Record<string, unknown>[];
  // Unfiltered, the total is the board's; filtered, it moves with each row that comes or goes.
  let total = filtered ? page.totalCount : board.totalCount;
  const adjust = (delta: number) => {
    if (filtered) total += delta;
  };
  let leftPage = false;
  let changed = false;
  for (const id of removed) {
    const index = data.findIndex((row) => row.id === id);
    if (index >= 0) {
      data.splice(index, 1);
      leftPage = true;
      changed = true;
      adjust(-1);
    } else if (filtered || !firstPage) {
      // Whether it counted in this filtered total, or came before this page, is not known from here.
      return refetch;
    }
  }
  for (const row of rows) {
    const index = data.findIndex((shown) => shown.id === row.id);
    const shown = data[index];
    if (shown && Number(shown.version) >= row.version) continue;
    const fits = matches(row);
    if (index < 0 && !fits) {
      // A new posting (version 0) outside the filters changes nothing here; an edited one may have counted before.
      if (row.version > 0 && filtered) return refetch;
      continue;
    }
    changed = true;
    if (index >= 0) data.splice(index, 1);
    if (!fits) {
      leftPage = true;
      adjust(-1);
      continue;
    }
    if (index < 0) {
      if (filtered && row.version > 0) return refetch;
      adjust(1);
    }
    if (field === undefined) return refetch;
    const key = keyOf(row);
    if (typeof key !== 'string' && typeof key !== 'number') return refetch;
    // The first row the new one sorts before; an equal key leaves the store's order undecided.
    let at = data.length;
    for (let i = 0; i < data.length; i++) {
      const other = keyOf(data[i] as object) as string | number;
      if (other === key) return refetch;
      if (descending ? key > other : key < other) {
        at = i;
        break;
      }
    }
    if (!firstPage && (at === 0 || index < 0)) return refetch;
    if (at === data.length) {
      // After every row shown: on this page only when no page follows and there is room.
      if (followed || data.length >= page.limit) {
        if (index >= 0) leftPage = true;
        continue;
      }
    }
    data.splice(at, 0, row);
  }
  if (data.length > page.limit) data = data.slice(0, page.limit);
  // A row gone from a page others follow: the row that moves up is on the server.
  if (leftPage && page.page * page.limit + data.length < total) return refetch;
  const days: Record<string, number> = {};
  for (const [name, answerField] of Object.entries(dayFields[kind]))
    if (answerField in page) days[answerField] = board[name as keyof NoticeBoard];
  const sameDays = Object.entries(days).every(
    ([answerField, value]) => (page as unknown as Record<string, unknown>)[answerField] === value,
  );
  if (!changed && sameDays && total === page.totalCount) return { outcome: 'unchanged' };
  return {
    outcome: 'patched',
    page: {
      ...page,
      ...days,
      data,
      count: data.length,
      totalCount: total,
      totalPages: Math.ceil(total / page.limit),
    },
  };
}
