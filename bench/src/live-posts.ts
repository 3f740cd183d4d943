import {
  PLATFORM_ORG_ID,
  READ_MODEL_REBUILD_SCHEMA_VERSION,
  READ_MODEL_REBUILD_STREAM,
  type ReadModelGroupName,
  truckStream,
} from '@dispatch/domain';
import { type EventStore, newEventId, type RecordedEvent } from '@dispatch/storage';
import { percentile } from './stats.ts';

/** What shows a position once its read models reflect it: a projector, or the read models in service. */
interface Shows {
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
}

/**
 * Trucks posted one at a time, each timed from its append until `shown` reflects it: copies of the
 * log's first truck under new numbers from `firstId`. Also the organization of that truck.
 */
export async function timedTruckPosts(events: EventStore, firstId: number) {
  const found = (await events.readAll(0n, 10_000)).find((event) => event.type === 'TruckPosted');
  if (!found) throw new Error('the log holds no truck');
  const sample: RecordedEvent = found;
  let nextTruck = firstId;
  async function timedPost(shown: Shows): Promise<number> {
    const truckId = nextTruck++;
    const begin = performance.now();
    const { position } = await events.append(
      truckStream(truckId),
      [
        {
          id: newEventId(),
          type: sample.type,
          data: { ...(sample.data as object), truckId },
          metadata: {
            ...sample.metadata,
            correlationId: newEventId(),
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      { expected: 'no_stream' },
    );
    if (!(await shown.waitFor(position, 600_000))) throw new Error('a post did not reach the read models');
    return performance.now() - begin;
  }
  return { orgId: sample.metadata.orgId, timedPost };
}

/** An admin's rebuild request, as POST /api/v1/admin/read-models/rebuild records it. */
export async function requestRebuild(events: EventStore, groups?: ReadModelGroupName[]) {
  await events.append(
    READ_MODEL_REBUILD_STREAM,
    [
      {
        id: newEventId(),
        type: 'ReadModelRebuildRequested',
        data: { requestedBy: 'bench', ...(groups ? { groups } : {}) },
        metadata: {
          orgId: PLATFORM_ORG_ID,
          actorId: 'bench',
          correlationId: newEventId(),
          causationId: null,
          schemaVersion: READ_MODEL_REBUILD_SCHEMA_VERSION,
          occurredAt: new Date().toISOString(),
        },
      },
    ],
    { expected: 'any' },
  );
}

/** Count, p50, p99 and the longest of some timings. */
export const timings = (samples: number[]) => ({
  count: samples.length,
  p50: percentile(samples, 50),
  p99: percentile(samples, 99),
  max: Math.max(...samples),
});
