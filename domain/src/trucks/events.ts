import type { TruckChanges, TruckInput } from './schemas.ts';

export const TRUCK_SCHEMA_VERSION = 1;

export type TruckPosted = { type: 'TruckPosted'; data: { truckId: number } & TruckInput };
export type TruckUpdated = { type: 'TruckUpdated'; data: { truckId: number; changes: TruckChanges } };
export type TruckRemoved = { type: 'TruckRemoved'; data: { truckId: number } };

export type TruckEvent = TruckPosted | TruckUpdated | TruckRemoved;

export const truckStream = (truckId: number) => `truck-${truckId}`;
/** Records the blocks of truck ids the command side reserves (`TruckIdsReserved { first, last }`, see command-api/src/sequence-ids.ts). */
export const TRUCK_ID_SEQUENCE_STREAM = 'sequence-truck';
