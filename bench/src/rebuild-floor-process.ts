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
 * What a rebuild of a log's first events costs at the least, whatever its projections do: reading
 * and parsing the events, and writing the rows the rebuild keeps for them (the list rows, the ended
 * versions and the activity entries), each serialised once and written once, in batches of as many
 * events as a rebuild's, through the document store's own writer thread, indexes deferred as a
 * rebuild defers them, then built. No projection runs, no counter is counted, no row is written twice. The rows
 * of the lists alone are written first, then the lists' with their history's, each into a new file;
 * or, when a fourth argument names read models, theirs alone.
 *
 * Reads the rows a finished rebuild wrote into the folder's read models: those whose last change is
 * among the first events (a row changed later is left out, so the figure is a floor). Measures the
 * process's CPU time (every thread) and wall time of each part (the indexes' build: its wall time),
 * and reports them to the parent.
 */
const dir = process.argv[2] as string;
const wanted = BigInt(process.argv[3] as string);
const BATCH_EVENTS = 5_000n;

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

// Reading and parsing the events, as the projector's catch-up reads them.
const events = openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'normal' });
const readCpu = process.cpuUsage();
const began = performance.now();
let read = 0;
let head = 0n;
for (let from = 0n; from < wanted; ) {
  const batch = await events.readAll(from, Number(BATCH_EVENTS));
  const last = batch.at(-1);
  if (!last) break;
  for (const event of batch) {
    if (event.position > wanted) break;
    read++;
    head = event.position;
  }
  from = last.position;
}
const reading = { seconds: (performance.now() - began) / 1000, cpu: cpuSeconds(readCpu) };
await events.close();

// The rows the rebuild kept for those events, read back (untimed) and grouped into the batches of
// events that wrote them.
const files = readModelFiles(dir);
const { tableOf } = files;
function keptRows(kept: string[]) {
  const batches = new Map<bigint, WriteOperation[]>();
  let rows = 0;
  for (const collection of kept) {
    const { db, table } = tableOf(collection);
    const statement = db.prepare(`SELECT doc, position FROM "${table}" WHERE position <= ?`);
    for (const row of statement.iterate(head) as Iterable<{ doc: string; position: number }>) {
      const position = BigInt(row.position);
      const batch = (position - 1n) / BATCH_EVENTS;
      let operations = batches.get(batch);
      if (!operations) {
        operations = [];
        batches.set(batch, operations);
      }
      const document = JSON.parse(row.doc) as Omit<Document, 'position'>;
      operations.push({ op: 'put', collection, document, position });
      rows++;
    }
  }
  const ordered = [...batches.keys()].sort((a, b) => (a < b ? -1 : 1));
  return {
    rows,
    batches: ordered.map((key) =>
      (batches.get(key) as WriteOperation[]).sort((a, b) => (a.position < b.position ? -1 : 1)),
    ),
  };
}

// Written into a new read-model file, as a rebuild from the first event writes them.
const target = join(dir, 'floor-read-models.sqlite');
const removeTarget = () => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
};
async function timedWrites(batches: WriteOperation[][]) {
  removeTarget();
  const documents = openSqliteDocumentStore({ path: target });
  await ensureReadModels(documents, definitionsOf(projections), { deferIndexes: true });
  const cpu = process.cpuUsage();
  const began = performance.now();
  // One batch in flight while the next is serialised, as the projector hands batches to the writer.
  let inFlight: Promise<void> = Promise.resolve();
  for (const operations of batches) {
    const previous = inFlight;
    inFlight = documents.write(operations);
    await previous;
  }
  await inFlight;
  const written = { seconds: (performance.now() - began) / 1000, cpu: cpuSeconds(cpu) };
  // Then their indexes, built once over the rows written, as a rebuild builds its deferred ones: a read
  // model serves once they are there, and nothing else can be done meanwhile on the file's one writer.
  const indexesBegan = performance.now();
  const collections_ = new Set(
    batches.flatMap((operations) => operations.map((operation) => operation.collection)),
  );
  for (const collection of collections_) await documents.createIndexes(collection);
  const indexes = { seconds: (performance.now() - indexesBegan) / 1000 };
  await documents.close();
  removeTarget();
  return { ...written, indexes };
}

// Named read models alone (a group's, for its rebuild), or the lists alone (what the board needs),
// then with their history (the ended versions and the activity log the auditors read).
const named = process.argv[4]?.split(',').filter(Boolean);
if (named) {
  const rows = keptRows(named);
  files.close();
  process.send?.({ events: read, reading, named: { rows: rows.rows, ...(await timedWrites(rows.batches)) } });
} else {
  const lists = [collections.trucks, collections.loads];
  const history = [collections.truckVersions, collections.loadVersions, collections.activity];
  const listRows = keptRows(lists);
  const listsWritten = { rows: listRows.rows, ...(await timedWrites(listRows.batches)) };
  listRows.batches.length = 0;
  const allRows = keptRows([...lists, ...history]);
  files.close();
  const allWritten = { rows: allRows.rows, ...(await timedWrites(allRows.batches)) };
  process.send?.({ events: read, reading, lists: listsWritten, all: allWritten });
}
