import type { ListHistory } from '@dispatch/read-models';
import type { Document, DocumentStore, Filter, SortKey } from '@dispatch/storage';
import { pageOfTwo, type Source, storeOrder } from './merge.ts';
import { atOrBefore, rowsFilterAt, versionsFilterAt } from './ranges.ts';
import type { Found } from './versions.ts';

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
