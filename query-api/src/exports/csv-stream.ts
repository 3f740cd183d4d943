import { Readable } from 'node:stream';
import { guardFormula } from '@dispatch/domain';
import type { ListHistory } from '@dispatch/read-models';
import type { Document, DocumentStore, Filter, SortKey } from '@dispatch/storage';
import { stringify } from 'csv-stringify';
import type { AsOfMoment } from '../as-of/moment.ts';
import { allAsOf } from '../as-of/sources.ts';
import { rowOfFound } from '../as-of/versions.ts';

/** Rows read per step of an export: the store is read page by page, never the whole list at once. */
export const EXPORT_PAGE = 500;

/**
 * Records as CSV (RFC 4180, a header line of `columns`, CRLF line ends), streamed: each record is read
 * as the client takes the file, so an export of any size holds one page in memory. Booleans are
 * written `true` / `false`, null as an empty cell. A text cell a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) gets a quote mark before it, unless it is
 * only a signed number such as the country code "+1" (guardFormula): an export holds text anyone in
 * the organization typed. (The import takes that mark off again.)
 */
export function csvStream(columns: readonly string[], records: AsyncIterable<object>): Readable {
  const csv = stringify({
    header: true,
    columns: [...columns],
    record_delimiter: 'windows',
    cast: { boolean: (value) => (value ? 'true' : 'false'), string: guardFormula },
  });
  const source = Readable.from(records);
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

/**
 * Every row of a list matching `filter`, in the list's order, read EXPORT_PAGE at a time as the
 * reader takes them; as of a moment, from the rows and the ended versions in service then (as the
 * list's as-of pages read them). A live list is read while it may change: a row edited during the
 * export can move from a page not read yet to one already read; an export as of a moment reads a
 * fixed list.
 */
export async function* listRows<Row extends Document>(
  documents: DocumentStore,
  options: { history: ListHistory; filter: Filter; sort: SortKey[]; asOf: AsOfMoment | null },
): AsyncGenerator<Row> {
  const { history, filter, sort, asOf } = options;
  if (asOf) {
    const found = allAsOf<Row>(documents, history, { filter, sort, at: asOf.at, pageSize: EXPORT_PAGE });
    for await (const one of found) yield rowOfFound(one);
    return;
  }
  for (let skip = 0; ; skip += EXPORT_PAGE) {
    const rows = await documents.find<Row>(history.list, { filter, sort, skip, limit: EXPORT_PAGE });
    yield* rows;
    if (rows.length < EXPORT_PAGE) return;
  }
}

/** Today's date (UTC), as export file names carry it. */
export const exportDay = (now = new Date()) => now.toISOString().slice(0, 10);

/** A file name's part made of text anyone typed: ASCII letters and digits, words joined by hyphens. */
export const fileNamePart = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'place';

/** "trucks-2026-05-03.csv", or as of a moment "trucks-as-of-2026-05-01-1000.csv" (UTC). */
export function exportFileName(name: string, asOf: AsOfMoment | null, now = new Date()): string {
  if (!asOf) return `${name}-${exportDay(now)}.csv`;
  const at = asOf.at.slice(0, 16).replace('T', '-').replace(':', '');
  return `${name}-as-of-${at}.csv`;
}
