import type { ReadModelGroupName, ReadModelRebuildStatus } from '@dispatch/domain';
import type { CollectionDefinition, Document, DocumentStore } from '@dispatch/storage';

/** The status of the latest rebuild, written by the projector as it goes (not a read model of events). */
export const rebuildStatusCollection: CollectionDefinition = { name: 'read_model_rebuilds', fields: {} };
export const REBUILD_STATUS_ID = 'latest';

export type StoredRebuildStatus = Document &
  ReadModelRebuildStatus & {
    /** Requests at or below this position are handled (or came before there was anything to rebuild). */
    handledUpTo: string;
  };

/** Before the first rebuild. */
export const idleRebuildStatus: ReadModelRebuildStatus = {
  state: 'idle',
  groups: null,
  requestedBy: null,
  requestedAt: null,
  startedAt: null,
  finishedAt: null,
  reached: '0',
  head: '0',
  eventsPerSecond: 0,
  etaSeconds: null,
  error: null,
};

/** The status as the admin area shows it; idle before the projector first ran. */
export async function readRebuildStatus(documents: DocumentStore): Promise<ReadModelRebuildStatus> {
  const stored = await documents
    .get<StoredRebuildStatus>(rebuildStatusCollection.name, REBUILD_STATUS_ID)
    .catch(() => null);
  if (!stored) return idleRebuildStatus;
  const { id: _id, position: _position, handledUpTo: _handledUpTo, ...status } = stored;
  return { ...idleRebuildStatus, ...status };
}

/**
 * The state of the latest rebuild and the requests the projector has taken up: a request above
 * `handledUpTo` is still to come (0 before the projector first ran, which then passes over them).
 */
export async function readRebuildRequestsHandled(
  documents: DocumentStore,
): Promise<{ state: ReadModelRebuildStatus['state']; handledUpTo: bigint }> {
  const stored = await documents
    .get<StoredRebuildStatus>(rebuildStatusCollection.name, REBUILD_STATUS_ID)
    .catch(() => null);
  return { state: stored?.state ?? 'idle', handledUpTo: BigInt(stored?.handledUpTo ?? '0') };
}

/**
 * The projector's groups of read models as its code has them (written at each start, beside the
 * status): the admin area lists them with their rows, and a query API in another process reads it.
 */
export const READ_MODEL_CATALOG_ID = 'catalog';
export type StoredReadModelCatalog = Document & {
  groups: { name: ReadModelGroupName; readModels: string[] }[];
};

export async function readReadModelCatalog(
  documents: DocumentStore,
): Promise<StoredReadModelCatalog['groups']> {
  const stored = await documents
    .get<StoredReadModelCatalog>(rebuildStatusCollection.name, READ_MODEL_CATALOG_ID)
    .catch(() => null);
  return stored?.groups ?? [];
}
