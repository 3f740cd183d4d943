import { workerData } from 'node:worker_threads';
import { inWriteTransaction } from '../../sqlite/open-database.ts';
import { serveRequests } from '../../sqlite/worker-client.ts';
import { analyzeCollection, createNextIndex, dropTable } from './collection-schema.ts';
import { openDocumentDatabase } from './document-database.ts';
import type { WriterRequest } from './worker-writer.ts';
import { OperationWriter } from './write-operations.ts';

// The writer thread of a file-backed document store: one connection, one request at a time, in order.
const db = openDocumentDatabase((workerData as { path: string }).path);
const writer = new OperationWriter(db);
serveRequests<WriterRequest, boolean>(
  (request) => {
    if (request.kind === 'write') writer.apply(request.operations);
    else if (request.kind === 'index')
      return { result: inWriteTransaction(db, () => createNextIndex(db, request.definition)) };
    else if (request.kind === 'analyze')
      inWriteTransaction(db, () => analyzeCollection(db, request.definition));
    else inWriteTransaction(db, () => dropTable(db, request.collection));
    return { result: false };
  },
  () => db.close(),
);
