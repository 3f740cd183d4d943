import type { Document } from '../port.ts';
import type { Fields } from '../stored-document.ts';

/** A document as MongoDB holds it: the id as `_id`, the position as a 64-bit integer. */
export interface StoredDocument {
  _id: string;
  position: bigint;
  [field: string]: unknown;
}

export function toStored(fields: Fields, id: string, position: bigint): StoredDocument {
  const { id: _id, ...rest } = fields;
  return { ...rest, _id: id, position };
}

/** The fields without `_id` and `position`, with the id back under `id`. */
export function fieldsOfStored(stored: StoredDocument): Fields {
  const { _id, position: _position, ...rest } = stored;
  return { id: _id, ...rest };
}

export function toDocument<T extends Document>(stored: StoredDocument): T {
  return { ...fieldsOfStored(stored), position: String(stored.position) } as T;
}
