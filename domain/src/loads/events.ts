import type { LoadChanges, LoadInput } from './schemas.ts';

export const LOAD_SCHEMA_VERSION = 1;

export type LoadPosted = { type: 'LoadPosted'; data: { loadId: number } & LoadInput };
export type LoadUpdated = { type: 'LoadUpdated'; data: { loadId: number; changes: LoadChanges } };
export type LoadRemoved = { type: 'LoadRemoved'; data: { loadId: number } };

export type LoadEvent = LoadPosted | LoadUpdated | LoadRemoved;

export const loadStream = (loadId: number) => `load-${loadId}`;
/** Records the blocks of load ids the command side reserves (`LoadIdsReserved { first, last }`, see command-api/src/sequence-ids.ts). */
export const LOAD_ID_SEQUENCE_STREAM = 'sequence-load';
