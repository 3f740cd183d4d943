import { Readable } from 'node:stream';
import type { ActivityEntry, ActivityFilter } from '@dispatch/domain';
import type { DocumentStore } from '@dispatch/storage';
import { stringify } from 'csv-stringify';
import { activityRows, toEntries } from './activity-page.ts';

/** The export's columns, in order: the answer's fields, the changes in one column. */
export const activityCsvColumns = [
  'occurredAt',
  'position',
  'actorId',
  'actorName',
  'kind',
  'type',
  'subjectId',
  'subjectLabel',
  'subjectType',
  'changes',
  'ip',
  'userAgent',
  'correlationId',
] as const;

/** The first line of every export: what the contract test checks such a body starts with. */
export const ACTIVITY_CSV_HEADER = activityCsvColumns.join(',');

/** Rows read per step of the export: the store is read page by page, never the whole log at once. */
const EXPORT_PAGE = 500;

const valueText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(none)';
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** An entry's changes in one cell: "status: true → false; truckCity: Chicago → Peoria". */
export const changesText = (changes: ActivityEntry['changes']) =>
  changes.map((change) => `${change.field}: ${valueText(change.from)} → ${valueText(change.to)}`).join('; ');

const csvRecord = (entry: ActivityEntry) => ({ ...entry, changes: changesText(entry.changes) });

/** Every entry matching the filters, newest first, read page by page as the reader takes them. */
async function* entries(documents: DocumentStore, orgId: string, filter: ActivityFilter) {
  let before: string | undefined;
  for (;;) {
    const page = await activityRows(documents, orgId, { ...filter, before, limit: EXPORT_PAGE });
    for (const entry of await toEntries(documents, orgId, page.rows)) yield csvRecord(entry);
    if (!page.nextCursor) return;
    before = page.nextCursor;
  }
}

/**
 * The activity log as CSV (RFC 4180, with a header line), streamed: the store is read a page at a
 * time as the client takes the rows, so an export of any size holds one page in memory. A cell that
 * a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) is
 * prefixed with a quote mark: an export can hold text anyone in the organization typed.
 */
export function activityCsv(documents: DocumentStore, orgId: string, filter: ActivityFilter): Readable {
  const csv = stringify({
    header: true,
    columns: [...activityCsvColumns],
    escape_formulas: true,
    record_delimiter: 'windows',
  });
  const source = Readable.from(entries(documents, orgId, filter));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
