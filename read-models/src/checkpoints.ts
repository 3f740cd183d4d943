import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';

/** Where the projector keeps how far it has applied the log, one document per checkpoint name. */
export const checkpointsCollection: CollectionDefinition = { name: collections.checkpoints, fields: {} };

/** The projector's checkpoint name for the read models in service (a rebuild's has its own). */
export const LIVE_CHECKPOINT = 'read-models';

/**
 * Whether a checkpoint's list of read models (`readModels`, comma-separated) keeps every one of
 * `names`: a group whose read models it does not keep is being built again by a start.
 */
export function keepsReadModels(kept: string | undefined, names: readonly string[]): boolean {
  const listed = new Set((kept ?? '').split(','));
  return names.every((name) => listed.has(name));
}

/** The checkpoint of a rebuild under way, in the checkpoints collection beside the live one. */
export const REBUILD_CHECKPOINT = 'read-models-rebuild';

/** The checkpoint of a start's rebuild of some groups of read models, until they join the others. */
export const GROUP_REBUILD_CHECKPOINT = 'read-models-group-rebuild';

/**
 * Events applied per second of wall-clock time over the last minute, as `[epoch second, events]`
 * pairs, oldest first. Kept in the checkpoint, in the same write as the batch, so any process (the
 * query API's admin status) reads the throughput without counting events; at most 60 pairs.
 */
export type AppliedPace = [second: number, events: number][];
export const APPLIED_PACE_SECONDS = 60;
