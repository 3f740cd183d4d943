import type { ListHistory } from '@dispatch/read-models';
import type { Document, DocumentStore, Filter, SortKey } from '@dispatch/storage';
import { addedSince, countAsOf, type InService } from './counts.ts';
import type { AsOfAnswer, AsOfMoment } from './moment.ts';
import { findAsOf } from './sources.ts';
import { marksSince, rowIdOfFound, rowOfFound } from './versions.ts';

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
