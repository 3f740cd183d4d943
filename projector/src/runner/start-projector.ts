import { changeLogCollection, ensureReadModels, LIVE_CHECKPOINT } from '@dispatch/read-models';
import type { Subscription } from '@dispatch/storage';
import { BatchWriter } from './batch-writer.ts';
import { checkpointFor, readCheckpoint } from './checkpoint.ts';
import type { Projector, ProjectorOptions } from './options.ts';
import { definitionsOf } from './read-model-definitions.ts';
import { PositionWaiters } from './waiters.ts';

/**
 * Follows the global log from the stored checkpoint: catch-up, then live. Events are applied in
 * batches; each batch's read model changes and the checkpoint are written in one atomic write,
 * so a crash never applies an event twice or loses one. A builder writing through another store's
 * writer thread may have its batches written in parts: a crash between two parts makes the next
 * start build its read models again from position 0 (see `checkpointFor`).
 */
export async function startProjector(options: ProjectorOptions): Promise<Projector> {
  const { eventStore, documents, projections, feed } = options;
  const name = options.name ?? LIVE_CHECKPOINT;
  const liveBatchSize = options.batchSize ?? 1000;
  // 5,000: rebuilds went as fast as with 10,000 (and 2,500) on the bench's board, and the hand-over of a
  // batch to the writer thread, the longest the process's thread is held, took half as long.
  const catchUpBatchSize = Math.max(liveBatchSize, options.catchUpBatchSize ?? 5_000);
  const writeChangeLog = options.writeChangeLog ?? false;

  const { readModels, rebuilding } = await checkpointFor(documents, name, projections);
  // Built from position 0 into empty read models, the rows go in without their indexes, which are
  // built once the projector reaches the head the log has now (see `EnsureOptions.deferIndexes`).
  // Should it stop before, the next start finds a checkpoint and ensures them with the collections.
  const startHead = await eventStore.headPosition();
  const indexesDeferred = rebuilding && startHead > 0n;
  await ensureReadModels(documents, definitionsOf(projections), { deferIndexes: indexesDeferred });
  if (writeChangeLog) await documents.ensureCollection(changeLogCollection);

  const checkpoint = await readCheckpoint(documents, name);
  const waiters = new PositionWaiters();
  let closing = false;
  const writer = new BatchWriter({
    documents,
    projections,
    feed,
    writeChangeLog,
    name,
    readModels,
    liveBatchSize,
    catchUpBatchSize,
    startHead,
    committed: checkpoint.position,
    pace: checkpoint.pace,
    indexesDeferred,
    waiters,
    stopAt: options.stopAt,
    untold: options.untold,
    reflected: options.reflected,
    hold: options.hold,
    onError: options.onError,
    onHalt: options.onHalt,
  });

  const subscription: Subscription = eventStore.subscribe(
    checkpoint.position,
    (event) => writer.receive(event),
    { onError: (error) => options.onError?.(error) },
  );

  return {
    position: () => writer.committed(),
    waitFor(position, timeoutMs) {
      if (writer.reached(position)) return Promise.resolve(true);
      // Closed, it will not get there: a caller waiting across a switch asks the projector after it.
      if (closing) return Promise.resolve(false);
      return waiters.wait(position, timeoutMs);
    },
    async close() {
      closing = true;
      await subscription.close();
      await writer.drain();
      waiters.releaseAll();
    },
  };
}
