import type { ReadModelGroupName } from '@dispatch/domain';
import {
  collections,
  GROUP_REBUILD_CHECKPOINT,
  keepsReadModels,
  LAG_COUNT_CAP,
  LIVE_CHECKPOINT,
  readReadModelCatalog,
  waitingEvents,
} from '@dispatch/read-models';
import type { Document, DocumentStore, EventStore } from '@dispatch/storage';

type CheckpointDocument = Document & { readModels?: string };

export interface ReadModelGroupStatus {
  name: ReadModelGroupName;
  readModels: string[];
  rows: number;
  position: string;
  lagEvents: number;
  lagEventsCapped: boolean;
}

/** Events after `position` up to the head, counted up to the cap. */
async function eventsAfter(eventStore: EventStore, position: bigint, head: bigint) {
  const waiting = await waitingEvents(eventStore, position, head);
  return {
    lagEvents: Math.min(waiting.length, LAG_COUNT_CAP),
    lagEventsCapped: waiting.length > LAG_COUNT_CAP,
  };
}

/**
 * Each group of read models as the projector's code has them: their rows and where they stand. A
 * group stands at the live checkpoint when the checkpoint keeps its read models, else (a start is
 * building it again beside the others) at its builder's checkpoint.
 */
export async function readModelGroupsStatus(eventStore: EventStore, documents: DocumentStore) {
  const [catalog, head, live, builder] = await Promise.all([
    readReadModelCatalog(documents),
    eventStore.headPosition(),
    documents.get<CheckpointDocument>(collections.checkpoints, LIVE_CHECKPOINT).catch(() => null),
    documents.get<CheckpointDocument>(collections.checkpoints, GROUP_REBUILD_CHECKPOINT).catch(() => null),
  ]);
  const livePosition = BigInt(live?.position ?? 0);
  const builderPosition = BigInt(builder?.position ?? 0);
  const lags = new Map<bigint, Promise<{ lagEvents: number; lagEventsCapped: boolean }>>();
  const lagAt = (position: bigint) => {
    const known = lags.get(position);
    if (known) return known;
    const lag = eventsAfter(eventStore, position, head);
    lags.set(position, lag);
    return lag;
  };
  const groups: ReadModelGroupStatus[] = await Promise.all(
    catalog.map(async (group) => {
      const serving = keepsReadModels(live?.readModels, group.readModels);
      const position = serving || !builder ? livePosition : builderPosition;
      const [counts, lag] = await Promise.all([
        Promise.all(group.readModels.map((name) => documents.count(name).catch(() => 0))),
        lagAt(position),
      ]);
      return {
        name: group.name,
        readModels: group.readModels,
        rows: counts.reduce((sum, count) => sum + count, 0),
        position: position.toString(),
        ...lag,
      };
    }),
  );
  return { position: livePosition.toString(), head: head.toString(), groups };
}
