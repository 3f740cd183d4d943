import {
  checkpointsCollection,
  collections,
  GROUP_REBUILD_CHECKPOINT,
  LIVE_CHECKPOINT,
  READ_MODEL_CATALOG_ID,
  rebuildStatusCollection,
} from '@dispatch/read-models';
import { type DocumentStore, openSqliteDocumentStore } from '@dispatch/storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupRebuildPercent, requireGroupServing } from './rebuilding.ts';

let documents: DocumentStore;
beforeEach(async () => {
  documents = openSqliteDocumentStore({ path: ':memory:' });
  await documents.ensureCollection(checkpointsCollection);
  await documents.ensureCollection(rebuildStatusCollection);
  // The projector's catalog of its groups, as it writes it at each start.
  await documents.write([
    {
      op: 'put',
      collection: rebuildStatusCollection.name,
      document: {
        id: READ_MODEL_CATALOG_ID,
        groups: [
          { name: 'boards', readModels: ['trucks_v5', 'loads_v4'] },
          { name: 'history', readModels: ['activity_v3', 'event_feed_v1'] },
        ],
      },
      position: 1n,
    },
  ]);
});
afterEach(() => documents.close());

/** The checkpoints as a start leaves them: the live one keeping `readModels`, the builder at `built`. */
async function checkpoints(readModels: string[], live: bigint, built?: bigint) {
  await documents.write([
    {
      op: 'put',
      collection: collections.checkpoints,
      document: { id: LIVE_CHECKPOINT, readModels: readModels.join(',') },
      position: live,
    },
    ...(built === undefined
      ? []
      : [
          {
            op: 'put' as const,
            collection: collections.checkpoints,
            document: { id: GROUP_REBUILD_CHECKPOINT, readModels: 'activity_v3,event_feed_v1' },
            position: built,
          },
        ]),
  ]);
}

describe('a read of a group a start builds again', () => {
  it('is answered while the live checkpoint keeps every read model of the group', async () => {
    await checkpoints(['trucks_v5', 'loads_v4', 'activity_v3', 'event_feed_v1'], 400n);
    expect(await groupRebuildPercent(documents, 'history')).toBeNull();
    await expect(requireGroupServing(documents, 'history', 'The activity log')).resolves.toBeUndefined();
  });

  it('is refused with how far the rebuild is while it builds the group, the other groups answered', async () => {
    await checkpoints(['trucks_v5', 'loads_v4', 'activity_v2'], 400n, 100n);
    expect(await groupRebuildPercent(documents, 'history')).toBe(25);
    expect(await groupRebuildPercent(documents, 'boards')).toBeNull();
    await expect(requireGroupServing(documents, 'history', 'The activity log')).rejects.toMatchObject({
      statusCode: 503,
      code: 'REBUILDING',
      message: 'The activity log is being rebuilt, 25%. It is back once the rebuild has caught up.',
    });
  });

  it('is answered before the projector first ran', async () => {
    expect(await groupRebuildPercent(documents, 'history')).toBeNull();
  });
});
