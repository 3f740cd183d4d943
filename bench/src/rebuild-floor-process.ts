import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { definitionsOf, projections } from '@dispatch/projector';
import { collections, ensureReadModels } from '@dispatch/read-models';
import {
  type Document,
  openSqliteDocumentStore,
  openSqliteEventStore,
  type WriteOperation,
} from '@dispatch/storage';
import { readModelFiles } from './read-model-files.ts';

/**
 * What a rebuild of a log's first events costs at the least, whatever its projections do, measured
 * by doing it: the events read and parsed a batch at a time, as the projector's catch-up reads them,
 * and each batch's rows handed to the document store's writer thread as soon as the batch is read,
 * one batch in flight while the next is read and serialised, as the projector hands its batches
 * over; indexes deferred as a rebuild defers them, then built. No projection runs, no counter is
 * counted, no row is written twice. The rows are those a finished rebuild wrote into the folder's
 * read models whose last change is among the first events (a row changed later is left out, so the
 * figure is a floor), read back and parsed beforehand, untimed.
 *
 * The rows of the lists alone are written first, then every read model's, each into a new file; or,
 * when a fourth argument names read models, theirs alone. Reports to the parent, for each: the wall
 * time of the reading and writing, the process's CPU time (every thread) and the part of it not on
 * this thread (the writer's), and the wall time of the indexes' build.
 */
const dir = process.argv[2] as string;
const wanted = BigInt(process.argv[3] as string);
const BATCH_EVENTS = 5_000n;

const seconds = (since: number) => (performance.now() - since) / 1000;
const cpuSeconds = (used: { user: number; system: number }) => (used.user + used.system) / 1e6;

const events = openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'normal' });
/** Reads the events a batch at a time up to `wanted`, calling `each` after each batch with its index. */
async function readBatches(each: (batch: number) => Promise<void>): Promise<{ read: number; head: bigint }> {
  let read = 0;
  let head = 0n;
  let batch = 0;
  for (let from = 0n; from < wanted; batch++) {
    const page = await events.readAll(from, Number(BATCH_EVENTS));
    const last = page.at(-1);
    if (!last) break;
    for (const event of page) {
      if (event.position > wanted) break;
      read++;
      head = event.position;
    }
    await each(batch);
    from = last.position;
  }
  return { read, head };
}

// The log read once untimed (its pages in the cache, as after the log was written), then timed alone.
const { head } = await readBatches(async () => {});
const readCpu = process.cpuUsage();
const readBegan = performance.now();
const { read } = await readBatches(async () => {});
const reading = { seconds: seconds(readBegan), cpu: cpuSeconds(process.cpuUsage(readCpu)) };

// The rows the rebuild kept for those events, read back (untimed), grouped by the batch of events
// that wrote them.
const files = readModelFiles(dir);
function keptRows(kept: string[]) {
  const batches: (WriteOperation[] | undefined)[] = [];
  let rows = 0;
  /** The read models with rows: their indexes are built. */
  const written = new Set<string>();
  for (const collection of kept) {
    const { db, table } = files.tableOf(collection);
    const statement = db.prepare(`SELECT doc, position FROM "${table}" WHERE position <= ?`);
    for (const row of statement.iterate(head) as Iterable<{ doc: string; position: number }>) {
      const position = BigInt(row.position);
      const batch = Number((position - 1n) / BATCH_EVENTS);
      const document = JSON.parse(row.doc) as Omit<Document, 'position'>;
      const operations = batches[batch] ?? [];
      batches[batch] = operations;
      operations.push({ op: 'put', collection, document, position });
      rows++;
      written.add(collection);
    }
  }
  for (const operations of batches) operations?.sort((a, b) => (a.position < b.position ? -1 : 1));
  return { rows, batches, written };
}

// Read and written into a new read-model file, as a rebuild from the first event writes them.
const target = join(dir, 'floor-read-models.sqlite');
const removeTarget = () => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
};
async function timedReadAndWrite({ rows, batches, written }: ReturnType<typeof keptRows>) {
  removeTarget();
  const documents = openSqliteDocumentStore({ path: target });
  await ensureReadModels(documents, definitionsOf(projections), { deferIndexes: true });
  const cpu = process.cpuUsage();
  const thisThread = process.threadCpuUsage();
  const began = performance.now();
  // Each batch's rows handed over once its events are read, while the batch before is written.
  let inFlight: Promise<void> = Promise.resolve();
  await readBatches(async (batch) => {
    const operations = batches[batch];
    if (!operations) return;
    // Let go once handed over, as a projector lets go of a batch: the rows still to come alone stay held.
    batches[batch] = undefined;
    const previous = inFlight;
    inFlight = documents.write(operations);
    await previous;
  });
  await inFlight;
  const processCpu = cpuSeconds(process.cpuUsage(cpu));
  const pass = {
    rows,
    seconds: seconds(began),
    cpu: processCpu,
    otherThreadsCpu: processCpu - cpuSeconds(process.threadCpuUsage(thisThread)),
  };
  // Then their indexes, built once over the rows written, as a rebuild builds its deferred ones: a read
  // model serves once they are there, and nothing else can be done meanwhile on the file's one writer.
  const indexesBegan = performance.now();
  for (const collection of written) await documents.createIndexes(collection);
  const indexes = { seconds: seconds(indexesBegan) };
  await documents.close();
  removeTarget();
  return { ...pass, indexes };
}

// Named read models alone (a group's, for its rebuild), or the lists alone (what the board needs),
// then every read model the projections keep (the ended versions, the activity log, the event feed,
// the lanes, the counters, the envelopes…).
const named = process.argv[4]?.split(',').filter(Boolean);
if (named) {
  const rows = keptRows(named);
  files.close();
  const report = { events: read, reading, named: await timedReadAndWrite(rows) };
  await events.close();
  process.send?.(report);
} else {
  const listsWritten = await timedReadAndWrite(keptRows([collections.trucks, collections.loads]));
  const every = definitionsOf(projections)
    .map((definition) => definition.name)
    .filter((name) => name !== collections.checkpoints);
  const allWritten = await timedReadAndWrite(keptRows(every));
  files.close();
  await events.close();
  process.send?.({ events: read, reading, lists: listsWritten, all: allWritten });
}
