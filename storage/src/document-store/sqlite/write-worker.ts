import { workerData } from 'node:worker_threads';
import { inWriteTransaction } from '../../sqlite/open-database.ts';
import { serveRequests } from '../../sqlite/worker-client.ts';
import { CollectionCatalog } from './collection-catalog.ts';
import { analyzeNextIndex, createNextIndex, dropNextPart, switchTables } from './collection-schema.ts';
import { openDocumentDatabase } from './document-database.ts';
import type { WriterRequest } from './worker-writer.ts';
import { OperationWriter } from './write-operations.ts';

// The writer thread of a file-backed document store: one connection, one request at a time, in order.
const db = openDocumentDatabase((workerData as { path: string }).path);
// A write to a table with a text index runs that index's triggers, so SQLite keeps a statement
// journal for it (to undo that one statement alone): in memory rather than in a temporary file, which
// cost about a third of each such write (a posting's expiry writes three: its row off the live list,
// its ended version and its activity entry). A journal holds the pages one statement changed.
db.exec('PRAGMA temp_store = MEMORY');
// The planner's statistics brought up to date as the file opens, here rather than on the store's own
// connection (see SqliteDocumentStore): the file's statistics serve every connection.
db.exec('PRAGMA optimize = 0x10002');
const writer = new OperationWriter(db);
// The collections are made and dropped on other connections too: it asks the file (see `exists`).
const catalog = new CollectionCatalog(db);
serveRequests<WriterRequest, boolean>(
  (request) => {
    if (request.kind === 'write') writer.apply(request.operations);
    else if (request.kind === 'index')
      return { result: inWriteTransaction(db, () => createNextIndex(db, request.definition)) };
    else if (request.kind === 'switch') {
      inWriteTransaction(db, () => {
        switchTables(db, catalog, request.switches);
        writer.applyWithin(request.operations);
      });
      // This connection reads the statistics the switch moved (the others read them with the new schema).
      db.exec('ANALYZE sqlite_schema');
      writer.clear();
    } else if (request.kind === 'analyze')
      return { result: inWriteTransaction(db, () => analyzeNextIndex(db, request.definition)) };
    else
      return {
        result: inWriteTransaction(db, () => {
          const more = dropNextPart(db, request.collection);
          if (!more) catalog.remove(request.collection);
          return more;
        }),
      };
    return { result: false };
  },
  () => db.close(),
);
