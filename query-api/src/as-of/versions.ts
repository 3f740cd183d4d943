import type { VersionFields } from '@dispatch/read-models';
import type { Document, DocumentStore } from '@dispatch/storage';
import type { SinceMark } from './moment.ts';

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
