import { parentPort, workerData } from 'node:worker_threads';
import { unsettledOf } from '@dispatch/projector';
import { collections, LIVE_CHECKPOINT } from '@dispatch/read-models';
import { openSqliteDocumentStore } from '@dispatch/storage';

// Batches as the projector writes them over two files, on a thread of their own (a backup runs in a
// process of its own beside the product): a row in the joined read model, the checkpoint in the first
// file, one batch a position, with its mark while it spans them. Until told to stop.
const { path, collection } = workerData as { path: string; collection: string };
const port = parentPort;
if (!port) throw new Error('This module runs as a worker thread');
const documents = openSqliteDocumentStore({ path });
let writing = true;
port.once('message', () => {
  writing = false;
});
let position = 0n;
while (writing) {
  position++;
  await documents.write(
    [
      { op: 'put', collection, document: { id: `t${position}` }, position },
      { op: 'put', collection: collections.checkpoints, document: { id: LIVE_CHECKPOINT }, position },
    ],
    { unsettled: { collection: collections.checkpoints, id: unsettledOf(LIVE_CHECKPOINT) } },
  );
  if (position % 20n === 0n) port.postMessage(position);
  // Lets the stop message in.
  await new Promise(setImmediate);
}
await documents.close();
port.postMessage('closed');
