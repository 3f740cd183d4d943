import {
  type LiveChange,
  MAX_NOTICE_ROWS,
  type NoticeBoard,
  type NoticeRow,
  type PostingKind,
  WITHHELD_ROW_FIELDS,
} from '@dispatch/domain';
import type { LoadDocument, TruckDocument } from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';
import { boardDays, listTotal } from '../lists/board-counts.ts';
import {
  expiryMoment,
  liveFilter,
  liveLists,
  type PostingExpiryOptions,
  pastExpiry,
} from '../lists/live-postings.ts';
import { toLoad } from '../loads/loads-page.ts';
import { organizationTimeZone } from '../organizations/organization-time-zone.ts';
import { toTruck } from '../trucks/trucks-page.ts';

const toRow: Record<PostingKind, (document: never) => object> = {
  trucks: (document: TruckDocument) => toTruck(document),
  loads: (document: LoadDocument) => toLoad(document),
};

const isPostingKind = (kind: string): kind is PostingKind => kind === 'trucks' || kind === 'loads';

/** A row as every member of the organization may see it: the withheld fields left out. */
function forEveryMember(kind: PostingKind, row: object): NoticeRow {
  const visible: Record<string, unknown> = { ...row };
  for (const field of WITHHELD_ROW_FIELDS[kind]) delete visible[field];
  return visible as NoticeRow;
}

/** The organization's whole board: what an unfiltered page of the list answers as its totals. */
async function boardOf(
  documents: DocumentStore,
  kind: PostingKind,
  orgId: string,
  options: PostingExpiryOptions,
): Promise<NoticeBoard> {
  const now = new Date();
  const list = liveLists[kind];
  const [timeZone, live] = await Promise.all([
    organizationTimeZone(documents, orgId),
    liveFilter(documents, list, orgId, { orgId: { eq: orgId } }, expiryMoment(options, now)),
  ]);
  const [{ totalCount }, days] = await Promise.all([
    listTotal(documents, kind, list, live),
    boardDays(documents, kind, orgId, timeZone, now),
  ]);
  return { totalCount, ...days };
}

/**
 * What a change notice of trucks or loads carries beside its ids (docs/decisions.md, "Live rows"):
 * each posting still on the live board as the list shows it to every member, the ids no longer on it,
 * and the board's totals; read once per commit and organization, whatever the number of screens.
 * Past MAX_NOTICE_ROWS, the ids only: screens re-read. Other kinds: the notice as it is.
 */
export async function withPostingRows(
  documents: DocumentStore,
  options: PostingExpiryOptions,
  notice: LiveChange,
): Promise<LiveChange> {
  const kind = notice.kind;
  if (!isPostingKind(kind) || notice.ids.length > MAX_NOTICE_ROWS) return notice;
  const ids = notice.ids.filter((id): id is number => typeof id === 'number');
  if (ids.length !== notice.ids.length) return notice;
  const expiryAt = expiryMoment(options);
  const [documentsOfIds, board] = await Promise.all([
    Promise.all(ids.map((id) => documents.get<TruckDocument & LoadDocument>(liveLists[kind], String(id)))),
    boardOf(documents, kind, notice.orgId, options),
  ]);
  const rows: NoticeRow[] = [];
  const removed: number[] = [];
  ids.forEach((id, index) => {
    const document = documentsOfIds[index];
    // Another organization's id is never its business: only the notice's own organization's rows.
    if (!document || document.orgId !== notice.orgId || pastExpiry(document, expiryAt)) removed.push(id);
    else rows.push(forEveryMember(kind, toRow[kind](document as never)));
  });
  const withheld = WITHHELD_ROW_FIELDS[kind];
  return { ...notice, rows, removed, board, ...(withheld.length ? { withheld: [...withheld] } : {}) };
}
