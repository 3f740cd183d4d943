import type { LoadChanges, LoadInput } from './schemas.ts';

export const LOAD_SCHEMA_VERSION = 1;

export type LoadPosted = { type: 'LoadPosted'; data: { loadId: number } & LoadInput };
export type LoadUpdated = { type: 'LoadUpdated'; data: { loadId: number; changes: LoadChanges } };
export type LoadRemoved = { type: 'LoadRemoved'; data: { loadId: number } };

export type LoadEvent = LoadPosted | LoadUpdated | LoadRemoved;

export const loadStream = (loadId: number) => `load-${loadId}`;
/** Appending to this stream with expected "any" hands out the next load id (its revision + 1). */
export const LOAD_ID_SEQUENCE_STREAM = 'sequence-load';
