import { workerData } from 'node:worker_threads';
import { serveRequests } from '../../sqlite/worker-client.ts';
import { openDocumentDatabase } from './document-database.ts';
import { type EncodedOperation, OperationWriter } from './write-operations.ts';

// The writer thread of a file-backed document store: one connection, one write at a time, in order.
const db = openDocumentDatabase((workerData as { path: string }).path);
const writer = new OperationWriter(db);
serveRequests<EncodedOperation[], null>(
  (operations) => {
    writer.apply(operations);
    return { result: null };
  },
  () => db.close(),
);
