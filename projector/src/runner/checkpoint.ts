import { type AppliedPace, collections } from '@dispatch/read-models';
import type { Document, DocumentStore } from '@dispatch/storage';
import type { Projection } from '../projection.ts';
import { isPace } from './pace.ts';
import { readModelsOf } from './read-model-definitions.ts';

/**
 * Makes the checkpoint `name` fit the projections' read models. A checkpoint kept for other read
 * models (added or changed since) is dropped with every read model it covered, so they are all built
 * again from position 0.
 */
export async function checkpointFor(
  documents: DocumentStore,
  name: string,
  projections: Projection[],
): Promise<{ readModels: string; rebuilding: boolean }> {
  const readModels = readModelsOf(projections);
  await documents.ensureCollection({ name: collections.checkpoints, fields: {} });
  const previous = await documents.get<Document & { readModels?: string }>(collections.checkpoints, name);
  if (previous && previous.readModels !== readModels) {
    // Read models were added or changed since this checkpoint: the events it passed never reached
    // them, and a counter cannot be caught up by replaying into the others. Build them all again.
    for (const projection of projections) {
      for (const definition of projection.collections) await documents.dropCollection(definition.name);
    }
    // Those the checkpoint kept and the code no longer has (an earlier version's `activity_v1`) are
    // read by no one now: their rows go too, rather than stay on disk for good.
    const kept = new Set(readModels.split(','));
    for (const retired of (previous.readModels ?? '').split(',')) {
      if (retired && !kept.has(retired)) await documents.dropCollection(retired);
    }
    await documents.write([
      {
        op: 'delete',
        collection: collections.checkpoints,
        id: name,
        position: BigInt(previous.position) + 1n,
      },
    ]);
  }
  return { readModels, rebuilding: !previous || previous.readModels !== readModels };
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
