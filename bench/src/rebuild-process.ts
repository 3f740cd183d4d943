import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isRebuildUnderWay } from '@dispatch/domain';
import { projections, startProjector, startReadModels } from '@dispatch/projector';
import { readRebuildStatus } from '@dispatch/read-models';
import { openSqliteDocumentStore, openSqliteEventStore } from '@dispatch/storage';
import { requestRebuild, timedTruckPosts, timings } from './live-posts.ts';

/**
 * The projector rebuilding every read model from position 0, in a process of its own as it runs in the
 * product (not in the process that has just generated the events): times the first 1M events, the
 * events up to the head and the whole log with its indexes, and the longest the process's main
 * thread was held (what a rebuild beside the live board costs its users); then posts trucks one at a
 * time, each timed from its append until the read models show it: right after the rebuild, as a
 * quiet floor does, then during an admin's rebuild beside the live board (blue/green); then reports
 * them to the parent.
 */
const dir = process.argv[2] as string;
const events = openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'normal' });
const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
const head = await events.headPosition();
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const start = performance.now();
const elapsed = () => (performance.now() - start) / 1000;
// As the product runs it: the default batch sizes.
const projector = await startProjector({ eventStore: events, documents, projections });
let firstMillion: number | null = null;
let atHead: number | null = null;
const watch = setInterval(() => {
  if (atHead !== null || projector.position() < head) return;
  atHead = elapsed();
  console.error(`  applied every event in ${atHead.toFixed(1)} s, building the indexes`);
}, 50);
if (head >= 1_000_000n) {
  await projector.waitFor(1_000_000n, 3_600_000);
  firstMillion = elapsed();
  console.error(`  projected the first 1,000,000 events in ${firstMillion.toFixed(1)} s`);
}
if (!(await projector.waitFor(head, 3_600_000))) throw new Error('the projector did not catch up');
const seconds = elapsed();
clearInterval(watch);
delay.disable();
const longestStallMs = delay.max / 1e6;
console.error(
  `  projected all ${head.toLocaleString()} events, indexes included, in ${seconds.toFixed(1)} s; main thread held at most ${longestStallMs.toFixed(0)} ms at a time`,
);

// Trucks posted one at a time, each timed from its append until the read models show it.
const { timedPost } = await timedTruckPosts(events, 900_000_000);
const figures = timings;
const described = (posts: ReturnType<typeof figures>) =>
  `p50 ${posts.p50.toFixed(1)} ms, p99 ${posts.p99.toFixed(1)} ms, longest ${posts.max.toFixed(0)} ms`;

// Right after the rebuild, as a quiet floor posts.
const afterMs: number[] = [];
for (let n = 0; n < 300; n++) afterMs.push(await timedPost(projector));
const livePosts = figures(afterMs);
console.error(
  `  ${livePosts.count} posts one at a time after it, until the read models show each: ${described(livePosts)}`,
);
await projector.close();

// An admin's rebuild beside the live board: the read models in service keep serving (and taking the
// posts) while new ones are built from the first event, then take their place. As the product runs
// it: the builder on a thread of its own, writing in a staging file.
const live = await startReadModels({
  eventStore: events,
  documents,
  projections,
  builderThread: { stores: { DATA_DIR: dir, MONGO_DB: 'dispatch' } },
});
const besideDelay = monitorEventLoopDelay({ resolution: 10 });
besideDelay.enable();
const rebuildBegin = performance.now();
await requestRebuild(events);
const duringMs: number[] = [];
let begun = false;
for (;;) {
  const { state, error } = await readRebuildStatus(documents);
  if (state === 'failed') throw new Error(`the rebuild beside the live board failed: ${error}`);
  if (isRebuildUnderWay(state)) begun = true;
  else if (begun && state === 'completed') break;
  duringMs.push(await timedPost(live));
}
const besideLiveSeconds = (performance.now() - rebuildBegin) / 1000;
besideDelay.disable();
const duringRebuild = figures(duringMs);
const besideStallMs = besideDelay.max / 1e6;
console.error(
  `  rebuilt beside the live board in ${besideLiveSeconds.toFixed(1)} s, main thread held at most ${besideStallMs.toFixed(0)} ms at a time; ${duringRebuild.count} posts one at a time meanwhile: ${described(duringRebuild)}`,
);
await live.close();
await documents.close();
await events.close();
process.send?.({
  events: Number(head),
  seconds,
  firstMillion,
  atHead,
  longestStallMs,
  livePosts,
  besideLive: { seconds: besideLiveSeconds, longestStallMs: besideStallMs, posts: duringRebuild },
});
