import type { CollectionDefinition, DocumentStore } from '@dispatch/storage';
import type { Projection } from '../projection.ts';

/** The read models a checkpoint is kept for: their collection names, which carry their versions. */
export function readModelsOf(projections: Projection[]): string {
  return projections
    .flatMap((projection) => projection.collections.map((definition) => definition.name))
    .sort()
    .join(',');
}

/** The read models the projections write: their collections, with fields and indexes. */
export function definitionsOf(projections: readonly Projection[]): CollectionDefinition[] {
  return projections.flatMap((projection) => projection.collections);
}

export async function createReadModelIndexes(documents: DocumentStore, projections: Projection[]) {
  for (const projection of projections) {
    for (const definition of projection.collections) await documents.createIndexes(definition.name);
  }
}
