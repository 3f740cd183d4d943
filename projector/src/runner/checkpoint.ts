import { type AppliedPace, collections } from '@dispatch/read-models';
import type { Document, DocumentStore } from '@dispatch/storage';
import type { Projection } from '../projection.ts';
import { isPace } from './pace.ts';
import { readModelsOf } from './read-model-definitions.ts';

/** Deletes a document whatever its position. */
const ANY_POSITION = 1n << 62n;

/**
 * The document a projector's batch written in parts leaves beside its checkpoint until the last part
 * (see `WriteOptions.unsettled`).
 */
export const unsettledOf = (name: string) => `${name}:unsettled`;

/**
 * Makes the checkpoint `name` fit the projections' read models. A checkpoint kept for other read
 * models (added or changed since) is dropped with every read model it covered, so they are all built
 * again from position 0; so are they when a batch written in parts was cut midway by a crash.
 */
export async function checkpointFor(
  documents: DocumentStore,
  name: string,
  projections: Projection[],
): Promise<{ readModels: string; rebuilding: boolean }> {
  const readModels = readModelsOf(projections);
  await documents.ensureCollection({ name: collections.checkpoints, fields: {} });
  const previous = await documents.get<Document & { readModels?: string }>(collections.checkpoints, name);
  // Some of that batch's rows are in, and its checkpoint is not: replaying its events over them would
  // count its counters twice, and a projection would read rows ahead of the event it applies.
  const unsettled = await documents.get(collections.checkpoints, unsettledOf(name));
  const stale = unsettled !== null || (previous !== null && previous.readModels !== readModels);
  if (stale) {
    // Read models were added or changed since this checkpoint: the events it passed never reached
    // them, and a counter cannot be caught up by replaying into the others. Build them all again.
    for (const projection of projections) {
      for (const definition of projection.collections) await documents.dropCollection(definition.name);
    }
    // Those the checkpoint kept and the code no longer has (an earlier version's `activity_v1`) are
    // read by no one now: their rows go too, rather than stay on disk for good.
    const kept = new Set(readModels.split(','));
    for (const retired of (previous?.readModels ?? '').split(',')) {
      if (retired && !kept.has(retired)) await documents.dropCollection(retired);
    }
    await documents.write([
      { op: 'delete', collection: collections.checkpoints, id: name, position: ANY_POSITION },
      { op: 'delete', collection: collections.checkpoints, id: unsettledOf(name), position: ANY_POSITION },
    ]);
  }
  return { readModels, rebuilding: !previous || stale };
}

/** Where the checkpoint `name` stands (0 without one) and the pace it recorded. */
export async function readCheckpoint(
  documents: DocumentStore,
  name: string,
): Promise<{ position: bigint; pace: AppliedPace }> {
  const checkpoint = await documents.get(collections.checkpoints, name);
  const storedPace = checkpoint?.applied;
  return {
    position: checkpoint ? BigInt(checkpoint.position) : 0n,
    pace: isPace(storedPace) ? storedPace : [],
  };
}
