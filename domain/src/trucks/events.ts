import type { PostingExpiryReason } from '../shared/posting-expiry.ts';
import type { TruckChanges, TruckInput } from './schemas.ts';

export const TRUCK_SCHEMA_VERSION = 1;

export type TruckPosted = { type: 'TruckPosted'; data: { truckId: number } & TruckInput };
export type TruckUpdated = { type: 'TruckUpdated'; data: { truckId: number; changes: TruckChanges } };
export type TruckRemoved = { type: 'TruckRemoved'; data: { truckId: number } };

/** Re-posted as it is: its age counts again from this event (docs/rules.md#posting-age-and-expiry). */
export type TruckRefreshed = { type: 'TruckRefreshed'; data: { truckId: number } };
/** Off the live board: past the end of the day after its availability date, or too long since its last refresh. */
export type TruckExpired = { type: 'TruckExpired'; data: { truckId: number; reason: PostingExpiryReason } };
/** An expired truck back on the live board, its age counting from this event. */
export type TruckReposted = { type: 'TruckReposted'; data: { truckId: number } };

export type TruckEvent =
  | TruckPosted
  | TruckUpdated
  | TruckRemoved
  | TruckRefreshed
  | TruckExpired
  | TruckReposted;

export const truckStream = (truckId: number) => `truck-${truckId}`;
/** Records the blocks of truck ids the command side reserves (`TruckIdsReserved { first, last }`, see command-api/src/sequence-ids.ts). */
export const TRUCK_ID_SEQUENCE_STREAM = 'sequence-truck';
