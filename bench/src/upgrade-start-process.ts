import { join } from 'node:path';
import { projections, readModelGroups, readModelsOfGroup, startReadModels } from '@dispatch/projector';
import { collections, LIVE_CHECKPOINT } from '@dispatch/read-models';
import { type Document, openSqliteDocumentStore, openSqliteEventStore } from '@dispatch/storage';
import { readModelFiles } from './read-model-files.ts';

/**
 * A start of the product whose code has a new version of a read model of every group, on a board
 * whose read models are built (as after an upgrade that changes them all): the live checkpoint is
 * made to name an earlier version of each group's first read model, then the read models are started
 * as the product starts them (the builder on a thread of its own). Times, from the start, the boards
 * back in service (the live checkpoint at the log's head, naming the boards' read models, with every
 * index the boards' tables had before), with the CPU time the projector's thread took until then, and
 * every read model back. Reports them to the parent.
 */
const dir = process.argv[2] as string;
const path = join(dir, 'read-models.sqlite');
const events = openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'normal' });
const documents = openSqliteDocumentStore({ path });
const head = await events.headPosition();

// An earlier version of each group's first read model, as the checkpoint of an earlier build names it.
const live = await documents.get<Document & { readModels: string }>(collections.checkpoints, LIVE_CHECKPOINT);
if (!live) throw new Error('the board has no read models built');
const earlier = new Set(readModelGroups.map((group) => readModelsOfGroup(group)[0] as string));
const readModels = live.readModels
  .split(',')
  .map((name) => (earlier.has(name) ? `${name}__earlier` : name))
  .join(',');
const { id: _id, position: _position, ...fields } = live;
await documents.write([
  {
    op: 'delete',
    collection: collections.checkpoints,
    id: LIVE_CHECKPOINT,
    position: BigInt(live.position) + 1n,
  },
  {
    op: 'put',
    collection: collections.checkpoints,
    document: { ...fields, id: LIVE_CHECKPOINT, readModels },
    position: BigInt(live.position),
  },
]);

// The boards' tables and how many indexes each has, built: the boards serve once they have them again.
const boards = readModelGroups.find((group) => group.name === 'boards');
if (!boards) throw new Error('no boards group');
const boardModels = readModelsOfGroup(boards);
// Wherever each is: a start that builds them again from the first event builds them in a file of their own.
const files = readModelFiles(dir);
const indexesOf = (name: string) => {
  const { db, table } = files.tableOf(name);
  return (
    db
      .prepare(
        "SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name = ?",
      )
      .get(table) as { n: number }
  ).n;
};
const indexesBefore = new Map(boardModels.map((name) => [name, indexesOf(name)]));
const filling = (name: string) => {
  const { db, table } = files.tableOf(name);
  return db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(`${table}:text-fill`) !== undefined;
};

const began = performance.now();
// The projector's thread is this one: what it spends until the boards serve is their catch-up's work.
const cpuAtStart = process.threadCpuUsage();
let boardsCpuSeconds: number | null = null;
/** The boards' rows written up to the log's head, before their indexes are built. */
let caughtUpSeconds: number | null = null;
const seconds = () => (performance.now() - began) / 1000;
const started = await startReadModels({
  eventStore: events,
  documents,
  projections,
  builderThread: { stores: { DATA_DIR: dir, MONGO_DB: 'dispatch' } },
});
// The boards' first event waits for this: the plan, the tables dropped before it, the projector begun.
console.error(`  the read models' start returned after ${seconds().toFixed(2)} s`);
let boardsSeconds: number | null = null;
const watch = setInterval(async () => {
  if (boardsSeconds !== null) return;
  const checkpoint = await documents.get<Document & { readModels: string }>(
    collections.checkpoints,
    LIVE_CHECKPOINT,
  );
  if (!checkpoint || BigInt(checkpoint.position) < head) return;
  const served = new Set(checkpoint.readModels.split(','));
  if (!boardModels.every((name) => served.has(name))) return;
  if (caughtUpSeconds === null) {
    caughtUpSeconds = seconds();
    console.error(`  the boards' rows caught up with the log after ${caughtUpSeconds.toFixed(1)} s`);
  }
  if (boardModels.some((name) => indexesOf(name) < (indexesBefore.get(name) ?? 0))) return;
  if (boardModels.some(filling)) return;
  boardsSeconds = seconds();
  const cpu = process.threadCpuUsage(cpuAtStart);
  boardsCpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.error(
    `  the boards serve again after ${boardsSeconds.toFixed(1)} s (the projector's thread busy ${boardsCpuSeconds.toFixed(2)} s)`,
  );
}, 50);
if (!(await started.waitFor(head, 3_600_000))) throw new Error('the read models did not reach the head');
// Every group back: the live checkpoint names every read model of the code.
for (;;) {
  const checkpoint = await documents.get<Document & { readModels: string }>(
    collections.checkpoints,
    LIVE_CHECKPOINT,
  );
  if (checkpoint && !checkpoint.readModels.includes('__earlier') && BigInt(checkpoint.position) >= head) {
    const every = new Set(checkpoint.readModels.split(','));
    if (readModelGroups.flatMap(readModelsOfGroup).every((name) => every.has(name))) break;
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const allSeconds = seconds();
clearInterval(watch);
console.error(`  every read model serves again after ${allSeconds.toFixed(1)} s`);
await started.close();
files.close();
process.send?.({
  events: Number(head),
  boardsSeconds: boardsSeconds ?? allSeconds,
  boardsCpuSeconds,
  caughtUpSeconds,
  allSeconds,
  boardModels,
});
await documents.close();
await events.close();
