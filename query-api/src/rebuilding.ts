import type { ReadModelGroupName } from '@dispatch/domain';
import { HttpError } from '@dispatch/http';
import {
  collections,
  GROUP_REBUILD_CHECKPOINT,
  keepsReadModels,
  LIVE_CHECKPOINT,
  readReadModelCatalog,
} from '@dispatch/read-models';
import type { Document, DocumentStore } from '@dispatch/storage';

type CheckpointDocument = Document & { readModels?: string };

export const REBUILDING_CODE = 'REBUILDING';
/** What the board as of a past moment reads (the lists' versions) is the boards group's. */
export const AS_OF_BEING_REBUILT = 'The board as of a past moment';

/**
 * How far a start's rebuild of `group` is, from 0 to 99, or null when the group serves. A start that
 * finds a new version of one of the group's read models builds it again in place from the first
 * event (the code reads the new version only), so until it has caught up its rows are a part of
 * the history: a screen reading it says so rather than answer from half of it.
 */
export async function groupRebuildPercent(
  documents: DocumentStore,
  group: ReadModelGroupName,
): Promise<number | null> {
  const live = await documents.get<CheckpointDocument>(collections.checkpoints, LIVE_CHECKPOINT);
  if (!live?.readModels) return null;
  const models = (await readReadModelCatalog(documents)).find((entry) => entry.name === group)?.readModels;
  if (!models || keepsReadModels(live.readModels, models)) return null;
  const builder = await documents.get<CheckpointDocument>(collections.checkpoints, GROUP_REBUILD_CHECKPOINT);
  // Positions only grow, on both stores: the builder's against the live projector's, which stands at
  // the log's head or near it.
  const built = Number(builder?.position ?? 0);
  const served = Math.max(1, Number(live.position));
  return Math.min(99, Math.floor((built * 100) / served));
}

/** Refuses, with 503 and how far it is, a read of `group` while a start builds it again. */
export async function requireGroupServing(
  documents: DocumentStore,
  group: ReadModelGroupName,
  what: string,
): Promise<void> {
  const percent = await groupRebuildPercent(documents, group);
  if (percent === null) return;
  throw new HttpError(
    503,
    REBUILDING_CODE,
    `${what} is being rebuilt, ${percent}%. It is back once the rebuild has caught up.`,
  );
}
