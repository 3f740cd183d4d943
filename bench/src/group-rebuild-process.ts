import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  DEFAULT_TIME_ZONE,
  isRebuildUnderWay,
  type ReadModelGroupName,
  truckListQuerySchema,
} from '@dispatch/domain';
import { projections, startReadModels } from '@dispatch/projector';
import { trucksPage } from '@dispatch/query-api';
import { readRebuildStatus } from '@dispatch/read-models';
import { openSqliteDocumentStore, openSqliteEventStore } from '@dispatch/storage';
import { requestRebuild, timedTruckPosts, timings } from './live-posts.ts';

/**
 * An admin's rebuild of some groups of read models beside the live board, in a process of its own as
 * the product runs it, on a board whose read models are built: first the board idle for a while, then
 * during the rebuild, a truck posted and the trucks list read in turn, one at a time and at most twenty
 * rounds a second, each post timed
 * from its append until the read models show it and each list read below HTTP (the query API's own
 * code); the longest hold of the main thread in each phase. Reports them to the parent.
 */
const dir = process.argv[2] as string;
const groups = (process.argv[3] as string).split(',') as ReadModelGroupName[];
const IDLE_ROUNDS = Number(process.env.BENCH_GROUP_IDLE_ROUNDS ?? 300);
/** During the rebuild, a post and a list read every 50 ms at most (BENCH_GROUP_ROUND_MS; 0: one after the other). */
const DURING_ROUND_MS = Number(process.env.BENCH_GROUP_ROUND_MS ?? 50);

const events = openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'normal' });
const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
const head = await events.headPosition();
// As the product runs it: the builder on a thread of its own (BENCH_BUILDER_THREAD=off: on this one).
const builderThread =
  process.env.BENCH_BUILDER_THREAD === 'off'
    ? undefined
    : { stores: { DATA_DIR: dir, MONGO_DB: 'dispatch' } };
const live = await startReadModels({ eventStore: events, documents, projections, builderThread });
if (!(await live.waitFor(head, 3_600_000))) throw new Error('the read models did not reach the head');

// Numbers past the log's head: a kept board holds the trucks of the runs before.
const { orgId, timedPost } = await timedTruckPosts(events, 950_000_000 + Number(head));
const listQuery = truckListQuerySchema.parse({});
async function timedListRead(): Promise<number> {
  const begin = performance.now();
  await trucksPage(documents, orgId, DEFAULT_TIME_ZONE, listQuery, new Date());
  return performance.now() - begin;
}

interface Phase {
  posts: number[];
  reads: number[];
  longestHoldMs: number;
}
const summary = (phase: Phase) => ({
  posts: timings(phase.posts),
  reads: timings(phase.reads),
  longestHoldMs: phase.longestHoldMs,
});

// The board idle, after a few rounds that warm its caches up.
for (let round = 0; round < 20; round++) {
  await timedPost(live);
  await timedListRead();
}
const idle: Phase = { posts: [], reads: [], longestHoldMs: 0 };
const idleDelay = monitorEventLoopDelay({ resolution: 10 });
idleDelay.enable();
for (let round = 0; round < IDLE_ROUNDS; round++) {
  idle.posts.push(await timedPost(live));
  idle.reads.push(await timedListRead());
}
idleDelay.disable();
idle.longestHoldMs = idleDelay.max / 1e6;

// The admin's request.
const during: Phase = { posts: [], reads: [], longestHoldMs: 0 };
const duringDelay = monitorEventLoopDelay({ resolution: 10 });
duringDelay.enable();
const begin = performance.now();
await requestRebuild(events, groups);
let begun = false;
for (;;) {
  const { state, error } = await readRebuildStatus(documents);
  if (state === 'failed') throw new Error(`the rebuild failed: ${error}`);
  if (isRebuildUnderWay(state)) begun = true;
  else if (begun && state === 'completed') break;
  const round = performance.now();
  during.posts.push(await timedPost(live));
  during.reads.push(await timedListRead());
  // A busy floor's pace, the same whatever the rebuild leaves the board: a round at most every
  // DURING_ROUND_MS, so the rebuild's time does not depend on how much more the board is served.
  const left = DURING_ROUND_MS - (performance.now() - round);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}
const seconds = (performance.now() - begin) / 1000;
duringDelay.disable();
during.longestHoldMs = duringDelay.max / 1e6;
await live.close();
await documents.close();
await events.close();
process.send?.({ events: Number(head), groups, seconds, idle: summary(idle), during: summary(during) });
