import type { Document, WriteOperation } from './port.ts';

/** A document's fields as stored: everything but `position`, which the store keeps beside it. */
export type Fields = Record<string, unknown>;

/** What an increment needs: the document's id, its fields when new, and the counters to add. */
type Increment = Pick<Extract<WriteOperation, { op: 'increment' }>, 'id' | 'insert' | 'by'>;

export function fieldsOf(document: Omit<Document, 'position'> | Document): Fields {
  // Nothing to take out (the usual case for writes): no copy, the projector writes millions.
  if (!Object.hasOwn(document, 'position')) return document;
  const { position: _position, ...fields } = document as Document;
  return fields;
}

function numberAt(fields: Fields, path: string[]): number {
  let value: unknown = fields;
  for (const key of path)
    value = typeof value === 'object' && value !== null ? (value as Fields)[key] : undefined;
  return typeof value === 'number' ? value : 0;
}

function setAt(fields: Fields, path: string[], value: number): void {
  let target = fields;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (typeof next !== 'object' || next === null) target[key] = {};
    target = target[key] as Fields;
  }
  target[path.at(-1) ?? ''] = value;
}

/**
 * The fields after an increment: the current ones, or `insert` when the document is new, with every
 * counter of `by` added to its current value (0 when new or absent). Counter names may be dot paths.
 * `current` is left untouched unless the caller owns it (`owned`, e.g. just parsed from storage):
 * then it is changed in place, sparing a deep copy of a counter document on every write.
 */
export function incremented(current: Fields | null, operation: Increment, owned = false): Fields {
  const fields: Fields = current
    ? owned
      ? current
      : structuredClone(current)
    : { ...fieldsOf({ ...operation.insert, id: operation.id }) };
  for (const [counter, by] of Object.entries(operation.by)) {
    const path = counter.split('.');
    setAt(fields, path, (current ? numberAt(fields, path) : 0) + by);
  }
  fields.id = operation.id;
  return fields;
}

/**
 * `Omit<Document, 'position'>` keeps only Document's index signature, so the type no longer promises
 * an id: check it here rather than store a document under "undefined".
 */
export function idOf(document: Omit<Document, 'position'>): string {
  const id: unknown = document.id;
  if (typeof id !== 'string' || id.length === 0)
    throw new Error(`Document without a string id: ${JSON.stringify(id)}`);
  return id;
}
