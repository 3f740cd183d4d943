import type { PostingExpiryReason } from '../shared/posting-expiry.ts';
import type { LoadChanges, LoadInput } from './schemas.ts';

export const LOAD_SCHEMA_VERSION = 1;

export type LoadPosted = { type: 'LoadPosted'; data: { loadId: number } & LoadInput };
export type LoadUpdated = { type: 'LoadUpdated'; data: { loadId: number; changes: LoadChanges } };
export type LoadRemoved = { type: 'LoadRemoved'; data: { loadId: number } };

/** Re-posted as it is: its age counts again from this event (docs/rules.md#posting-age-and-expiry). */
export type LoadRefreshed = { type: 'LoadRefreshed'; data: { loadId: number } };
/** Off the live board: past the end of the day after its availability date, or too long since its last refresh. */
export type LoadExpired = { type: 'LoadExpired'; data: { loadId: number; reason: PostingExpiryReason } };
/** An expired load back on the live board, its age counting from this event. */
export type LoadReposted = { type: 'LoadReposted'; data: { loadId: number } };

export type LoadEvent = LoadPosted | LoadUpdated | LoadRemoved | LoadRefreshed | LoadExpired | LoadReposted;

export const loadStream = (loadId: number) => `load-${loadId}`;
/** Records the blocks of load ids the command side reserves (`LoadIdsReserved { first, last }`, see command-api/src/sequence-ids.ts). */
export const LOAD_ID_SEQUENCE_STREAM = 'sequence-load';
