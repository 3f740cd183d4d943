import { parentPort, workerData } from 'node:worker_threads';
import { openDocumentDatabase } from './document-database.ts';
import type { WriteRequest, WriteResult } from './worker-writer.ts';
import { OperationWriter } from './write-operations.ts';

// The writer thread of a file-backed document store: one connection, one write at a time, in order.
const db = openDocumentDatabase((workerData as { path: string }).path);
const writer = new OperationWriter(db);
const port = parentPort;
if (!port) throw new Error('The document writer runs as a worker thread');

port.on('message', (request: WriteRequest | 'close') => {
  if (request === 'close') {
    db.close();
    port.close();
    return;
  }
  let result: WriteResult;
  try {
    writer.apply(request.operations);
    result = { id: request.id };
  } catch (error) {
    result = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(result);
});
