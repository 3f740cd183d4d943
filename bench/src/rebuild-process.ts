import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { truckStream } from '@dispatch/domain';
import { projections, startProjector } from '@dispatch/projector';
import { newEventId, openSqliteDocumentStore, openSqliteEventStore } from '@dispatch/storage';
import { percentile } from './stats.ts';

/**
 * The projector rebuilding every read model from position 0, in a process of its own as it runs in the
 * product (not in the process that has just generated the events): times the first 1M events, the
 * events up to the head and the whole log with its indexes, and the longest the process's main
 * thread was held (what a rebuild beside the live board costs its users); then posts trucks one at a
 * time, as a quiet floor does right after a rebuild, each timed from its append until the read models
 * show it; then reports them to the parent.
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

// Posts right after the rebuild, one at a time: copies of the log's first truck under new numbers.
const LIVE_POSTS = 300;
const sample = (await events.readAll(0n, 10_000)).find((event) => event.type === 'TruckPosted');
if (!sample) throw new Error('the log holds no truck');
const liveMs: number[] = [];
for (let n = 0; n < LIVE_POSTS; n++) {
  const truckId = 900_000_000 + n;
  const begin = performance.now();
  const { position } = await events.append(
    truckStream(truckId),
    [
      {
        id: newEventId(),
        type: sample.type,
        data: { ...(sample.data as object), truckId },
        metadata: { ...sample.metadata, correlationId: newEventId(), occurredAt: new Date().toISOString() },
      },
    ],
    { expected: 'no_stream' },
  );
  if (!(await projector.waitFor(position, 120_000)))
    throw new Error('a live post did not reach the read models');
  liveMs.push(performance.now() - begin);
}
const livePosts = {
  count: LIVE_POSTS,
  p50: percentile(liveMs, 50),
  p99: percentile(liveMs, 99),
  max: Math.max(...liveMs),
};
console.error(
  `  ${LIVE_POSTS} posts one at a time after it, until the read models show each: p50 ${livePosts.p50.toFixed(1)} ms, p99 ${livePosts.p99.toFixed(1)} ms, longest ${livePosts.max.toFixed(0)} ms`,
);
await projector.close();
await documents.close();
await events.close();
process.send?.({ events: Number(head), seconds, firstMillion, atHead, longestStallMs, livePosts });
