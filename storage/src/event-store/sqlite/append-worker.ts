import { workerData } from 'node:worker_threads';
import { openDatabase, type Synchronous } from '../../sqlite/open-database.ts';
import { serveRequests } from '../../sqlite/worker-client.ts';
import type { AppendRequest } from './append-to-stream.ts';
import { type AppendOutcome, prepareCommitGroup } from './group-commit.ts';

// The appending thread of a file-backed event store: one connection, one group commit at a time, in order.
// The fsync of each commit blocks this thread only, so the caller's keeps serving requests meanwhile.
const { path, synchronous } = workerData as { path: string; synchronous: Synchronous };
const db = openDatabase(path, synchronous);
const commitGroup = prepareCommitGroup(db);
serveRequests<AppendRequest[], AppendOutcome[]>(
  (requests) => ({ result: commitGroup(requests) }),
  () => db.close(),
);
