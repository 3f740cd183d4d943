import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDocumentStoreFor, openEventStoreFor } from '@dispatch/config';
import { eventUpcasting } from '@dispatch/domain';
import type { ProjectionCommit } from '@dispatch/read-models';
import { projections as productProjections } from '../projections/index.ts';
import type { BuilderThreadData, FromBuilder, ToBuilder } from './builder-thread-protocol.ts';
import { startProjector } from './start-projector.ts';
import { viewOf } from './store-views.ts';

// A builder of read models on a thread of its own: its own connections to the stores, its own heap.
const port = parentPort;
if (!port) throw new Error('This module runs as a worker thread');
const data = workerData as BuilderThreadData;

// The board first: where the system lets a thread have a priority of its own (Linux), this one gives
// way to the process's other threads (the live board's requests and writes) when the cores are busy.
if (data.niceness > 0) {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/task/')[1]);
    if (Number.isInteger(thread)) setPriority(thread, data.niceness);
  } catch {
    // Elsewhere it shares the cores evenly.
  }
}
const send = (message: FromBuilder) => port.postMessage(message);
const byName = (names: readonly string[]) =>
  names.map((name) => {
    const found = productProjections.find((projection) => projection.name === name);
    if (!found) throw new Error(`No projection is named ${name}`);
    return found;
  });

const eventStore = openEventStoreFor(data.stores, { upcast: (event) => eventUpcasting.upcast(event) });
// Its writes go to a staging file with a writer thread of its own (which, started from this thread,
// gives way as it does), or where the stores have no files (MongoDB) beside the read models in service.
const documents = await openDocumentStoreFor(data.stores, { path: data.stagingPath });
try {
  const projector = await startProjector({
    eventStore,
    documents: viewOf(documents, data.view),
    projections: byName(data.projections),
    untold: byName(data.untold),
    feed: {
      publish: (commit: ProjectionCommit) => send({ kind: 'commit', commit }),
      subscribe: () => () => {},
    },
    name: data.name,
    batchSize: data.batchSize,
    catchUpBatchSize: data.catchUpBatchSize,
    stopAt: data.stopAt,
    onError: (error) => send({ kind: 'error', message: String(error) }),
    // A builder that can write no more stops its thread, which fails the rebuild (see threaded-projector.ts).
    onHalt: (error) => {
      send({ kind: 'error', message: String(error) });
      setImmediate(() => process.exit(1));
    },
  });
  send({ kind: 'started', position: projector.position() });
  port.on('message', async (message: ToBuilder) => {
    if (message.kind === 'waitFor') {
      const reached = await projector.waitFor(message.position, message.timeoutMs);
      send({ kind: 'reached', id: message.id, reached, position: projector.position() });
      return;
    }
    await projector.close();
    await documents.close();
    await eventStore.close();
    send({ kind: 'closed', position: projector.position() });
    port.close();
  });
} catch (error) {
  send({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  await documents.close().catch(() => {});
  await eventStore.close().catch(() => {});
  port.close();
}
