import { loadGazetteer } from '@dispatch/places';

/**
 * The gazetteer loaded in a process of its own, as a server loads it at start: how long the load
 * takes, and how much memory the loaded index keeps (heap and buffers after a full collection,
 * against the same figure before the load, the code already imported) and how much the process
 * grew (resident set). Run with --expose-gc; reports to the parent.
 */
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const memory = () => {
  gc();
  // `external` counts the buffers (arrayBuffers) already.
  const { heapUsed, external, rss } = process.memoryUsage();
  return { kept: heapUsed + external, rss };
};
const before = memory();
const { places, loadMs } = loadGazetteer();
const after = memory();
process.send?.({
  places,
  loadMs,
  keptMb: (after.kept - before.kept) / 2 ** 20,
  rssGrowthMb: (after.rss - before.rss) / 2 ** 20,
  rssMb: after.rss / 2 ** 20,
});
