import { type CsvImportKind, csvImportFields } from '@dispatch/domain';
import { listHistories } from '@dispatch/read-models';
import type { Document, DocumentStore } from '@dispatch/storage';

/** A checked row of a file: its line, its `id` cell, and its values when the create schema takes it. */
export interface RowToMatch {
  line: number;
  fileId: string | null;
  values: Record<string, unknown> | null;
}

/** The posting of the organization a row already is, and how it was found. */
export interface OnBoard {
  id: number;
  by: 'id' | 'fields';
}

/** Candidates are read this many rows of the file at a time. */
const BATCH = 500;

/** The field a kind's candidates are looked up by: a truck's name, a load's origin city. */
const lookupField = { trucks: 'truckName', loads: 'originCity' } as const;

const instant = (value: unknown) => {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? value : new Date(time).toISOString();
};

/** A value as compared: nothing is null, a date is its instant, everything else its text. */
const comparable = (field: string, value: unknown) =>
  value === undefined || value === null || value === ''
    ? null
    : String(field === 'availabilityDate' ? instant(value) : value);

const sameValues = (fields: string[], values: Record<string, unknown>, posting: Document) =>
  fields.every((field) => comparable(field, values[field]) === comparable(field, posting[field]));

/**
 * The rows of a file that are postings of the organization already on its board (`orgId` is the
 * session's): the posting a row's `id` cell names, when it is the organization's, else one whose
 * every field the row takes holds the row's value (trimmed, defaults filled in, a date as its
 * instant). Read from the board's list: the postings removed from it are not matched.
 */
export async function rowsOnBoard(
  documents: DocumentStore,
  kind: CsvImportKind,
  orgId: string,
  rows: RowToMatch[],
): Promise<Map<number, OnBoard>> {
  const list = listHistories[kind].list;
  const found = new Map<number, OnBoard>();
  const named = rows.filter((row) => row.fileId !== null && /^\d{1,15}$/.test(row.fileId));
  for (let start = 0; start < named.length; start += BATCH) {
    const batch = named.slice(start, start + BATCH);
    const ids = [...new Set(batch.map((row) => String(Number(row.fileId))))];
    const postings = await documents.find(list, { filter: { orgId: { eq: orgId }, id: { in: ids } } });
    const byId = new Set(postings.map((posting) => posting.id));
    for (const row of batch) {
      const id = String(Number(row.fileId));
      if (byId.has(id)) found.set(row.line, { id: Number(id), by: 'id' });
    }
  }

  const fields = csvImportFields(kind);
  const key = lookupField[kind];
  const rest = rows.filter(
    (row): row is RowToMatch & { values: Record<string, unknown> } =>
      !found.has(row.line) && row.values !== null && typeof row.values[key] === 'string',
  );
  for (let start = 0; start < rest.length; start += BATCH) {
    const batch = rest.slice(start, start + BATCH);
    const keys = [...new Set(batch.map((row) => row.values[key] as string))];
    const candidates = await documents.find(list, {
      filter: { orgId: { eq: orgId }, [key]: { in: keys } },
    });
    const byKey = new Map<unknown, Document[]>();
    for (const candidate of candidates) {
      const same = byKey.get(candidate[key]);
      if (same) same.push(candidate);
      else byKey.set(candidate[key], [candidate]);
    }
    for (const row of batch) {
      const posting = byKey
        .get(row.values[key])
        ?.find((candidate) => sameValues(fields, row.values, candidate));
      if (posting) found.set(row.line, { id: Number(posting.id), by: 'fields' });
    }
  }
  return found;
}
