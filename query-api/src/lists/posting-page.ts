import type { PostingKind, PostingListQuery } from '@dispatch/domain';
import { collections, listHistories } from '@dispatch/read-models';
import type { Document, DocumentStore, Filter } from '@dispatch/storage';
import { boardDaysAsOf } from '../as-of/counts.ts';
import { listPageAsOf } from '../as-of/list-page.ts';
import type { AsOfAnswer, AsOfMoment, SinceMark } from '../as-of/moment.ts';
import { type BoardDays, boardDays, countPostings, listTotal } from './board-counts.ts';
import { liveFilter } from './live-postings.ts';
import { postingSort } from './posting-filter.ts';

/** Where each kind of posting is kept, live and through time, and what "available" means for it. */
const kinds = {
  trucks: {
    list: collections.trucks,
    history: listHistories.trucks,
    // A truck is available by its status; a load has no status (docs/rules.md#entities-and-fields).
    available: { status: { eq: true } } as Filter,
  },
  loads: {
    list: collections.loads,
    history: listHistories.loads,
    available: {} as Filter,
  },
} satisfies Record<PostingKind, unknown>;

/** One page of a postings list with its counts, live or as of a past moment. */
export interface PostingRows<Row> {
  rows: { row: Row; since?: SinceMark }[];
  totalCount: number;
  /** False when a text search matches more postings than `SEARCH_TOTAL_CAP`: `totalCount` is the cap. */
  totalCountExact: boolean;
  totalPages: number;
  days: BoardDays;
  asOf?: AsOfAnswer;
}

/**
 * The rows of one page of a postings list, its total and its "today" and "yesterday" figures: live,
 * through the list's indexes and the projector's counters where the filter allows; as of a moment,
 * from the versions, each row marked with what became of it since.
 */
export async function postingRows<Row extends Document>(options: {
  documents: DocumentStore;
  kind: PostingKind;
  orgId: string;
  timeZone: string;
  query: Pick<PostingListQuery, 'sort' | 'page' | 'limit'> & { orderBy: string };
  filter: Filter;
  now: Date;
  asOf: AsOfMoment | null;
  /** The moment postings past their expiry are left out at (see liveFilter): `now` unless said. */
  expiryAt?: Date | null;
}): Promise<PostingRows<Row>> {
  const { documents, kind, orgId, timeZone, query, filter, asOf } = options;
  const { available, list, history } = kinds[kind];
  const paging = { sort: postingSort(query), skip: query.page * query.limit, limit: query.limit };
  if (asOf) {
    const [page, days] = await Promise.all([
      listPageAsOf<Row>({
        documents,
        history,
        orgId,
        filter,
        ...paging,
        asOf,
        inService: () => countPostings(documents, kind, list, { orgId: { eq: orgId } }),
      }),
      boardDaysAsOf(documents, history, orgId, timeZone, asOf.at, available),
    ]);
    const totalPages = Math.ceil(page.totalCount / query.limit);
    return {
      rows: page.rows,
      totalCount: page.totalCount,
      totalCountExact: true,
      totalPages,
      days,
      asOf: page.asOf,
    };
  }
  // Past its expiry moment, a posting is off the board before the sweep expires it.
  const expiryAt = options.expiryAt === undefined ? options.now : options.expiryAt;
  const live = await liveFilter(documents, list, orgId, filter, expiryAt);
  const [rows, total, days] = await Promise.all([
    documents.find<Row>(list, { filter: live, ...paging }),
    listTotal(documents, kind, list, live),
    boardDays(documents, kind, orgId, timeZone, options.now),
  ]);
  return {
    rows: rows.map((row) => ({ row })),
    ...total,
    totalPages: Math.ceil(total.totalCount / query.limit),
    days,
  };
}
