import { pointOf } from '../geo.ts';
import type { Document } from '../port.ts';
import type { Fields } from '../stored-document.ts';

/** A document as MongoDB holds it: the id as `_id`, the position as a 64-bit integer. */
export interface StoredDocument {
  _id: string;
  position: bigint;
  [field: string]: unknown;
}

/** Where a point field's GeoJSON copy lives (its 2dsphere index reads it); declared fields never start with _. */
export const geoPathOf = (field: string) => `_geo_${field.replaceAll('.', '_')}`;

/**
 * `geoFields` are the collection's point fields: each also gets a GeoJSON copy (`{ type: 'Point',
 * coordinates: [longitude, latitude] }`), the form MongoDB's 2dsphere index and geo queries read.
 */
export function toStored(
  fields: Fields,
  id: string,
  position: bigint,
  geoFields: string[] = [],
): StoredDocument {
  const { id: _id, ...rest } = fields;
  const stored: StoredDocument = { ...rest, _id: id, position };
  for (const field of geoFields) {
    const point = pointOf(valueAt(fields, field));
    if (point) stored[geoPathOf(field)] = { type: 'Point', coordinates: [point.longitude, point.latitude] };
  }
  return stored;
}

/** The value at a dot path of a document. */
export function valueAt(fields: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], fields);
}

/** The fields without `_id`, `position` and the GeoJSON copies, with the id back under `id`. */
export function fieldsOfStored(stored: StoredDocument): Fields {
  const { _id, position: _position, ...rest } = stored;
  for (const key of Object.keys(rest)) if (key.startsWith('_geo_')) delete rest[key];
  return { id: _id, ...rest };
}

export function toDocument<T extends Document>(stored: StoredDocument): T {
  return { ...fieldsOfStored(stored), position: String(stored.position) } as T;
}
