import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { type NewEvent, newEventId, openSqliteEventStore } from '@dispatch/storage';
import { metadata, tempDir } from '../src/fixtures.ts';
import { fmt, type Row } from '../src/stats.ts';

/**
 * Our embedded event store beside Emmett's SQLite event store (@event-driven-io/emmett-sqlite, on the
 * native `sqlite3` package), on the same machine, the same workloads and the same events, each store on
 * a file of its own with its default durability (both WAL with synchronous FULL):
 * - 5,000 appends of one event each, one after the other, to 500 streams with no revision check;
 * - 1,000 appends of 100 events, each to a new stream (expected: no stream);
 * - reading the whole log (105,000 events) page by page, 1,000 a page;
 * - a subscription catching up from the start of that log: ours `subscribe(0n)`, Emmett's a consumer's
 *   processor started from BEGINNING. Emmett's consumer pauses 50 ms between pages of 100 by default; it
 *   is given pages of 1,000 as ours and no pause, so that its figure is the store's and not a setting.
 *   Its processor stores its checkpoint after every message (in one transaction a page): that is how
 *   its processors work.
 * Emmett's event store opens a connection for each call on a file (and closes it after): its single
 * appends are also measured through its `appendToStream` function on one open connection.
 * `npm run bench -- emmett`. Ratios are ours / Emmett's: above 1, ours is faster.
 */

const singles = 5_000;
const batches = 1_000;
const batchSize = 100;
const page = 1_000;

const data = (i: number) => ({ i, truckName: `Bench ${i}`, truckCity: 'Chicago', truckState: 'IL' });

const ours = (i: number): NewEvent => ({
  id: newEventId(),
  type: 'BenchAppended',
  data: data(i),
  metadata: metadata('bench'),
});
// The same type, data and metadata; Emmett gives the event its id.
const theirs = (i: number) => ({ type: 'BenchAppended', data: data(i), metadata: metadata('bench') });

async function rate(count: number, run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return count / ((performance.now() - start) / 1000);
}

export async function benchEmmettComparison(): Promise<Row[]> {
  let emmett: typeof import('@event-driven-io/emmett-sqlite');
  let emmettCore: typeof import('@event-driven-io/emmett');
  try {
    emmett = await import('@event-driven-io/emmett-sqlite');
    emmettCore = await import('@event-driven-io/emmett');
  } catch (error) {
    // Its native sqlite3 is built at install: without it there is nothing to compare with.
    return [
      {
        benchmark: 'event store vs Emmett (sqlite)',
        figure: 'not run',
        value: `Emmett's SQLite store does not load: ${(error as Error).message.split('\n')[0]}`,
      },
    ];
  }
  const dir = tempDir('emmett');
  const ourFile = join(dir, 'ours.sqlite');
  const theirFile = join(dir, 'emmett.sqlite');
  const ourStore = openSqliteEventStore({ path: ourFile });
  const theirStore = emmett.getSQLiteEventStore({
    fileName: theirFile,
    schema: { autoMigration: 'CreateOrUpdate' },
  });
  const figures: { figure: string; ours: number; emmett: number; unit: string }[] = [];
  let refused = 0;
  const retried = async <T>(append: () => Promise<T>): Promise<T> => {
    for (;;) {
      try {
        return await append();
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || ++refused > 100) throw error;
      }
    }
  };
  const step = (name: string) => console.error(`  emmett: ${name}…`);

  try {
    step(`${fmt(singles)} single appends`);
    const ourSingles = await rate(singles, async () => {
      for (let i = 0; i < singles; i++)
        await ourStore.append(`bench-${i % 500}`, [ours(i)], { expected: 'any' });
    });
    // Its event store opens a connection per call and sets WAL on it without waiting; now and then a
    // commit then meets that statement still running (SQLITE_BUSY, "SQL statements in progress"), and
    // the append is rolled back: it is tried again, and counted.
    const theirSingles = await rate(singles, async () => {
      for (let i = 0; i < singles; i++)
        await retried(() => theirStore.appendToStream(`bench-${i % 500}`, [theirs(i)]));
    });
    figures.push({
      figure: 'appends/s, 1 event per append (its event store)',
      ours: ourSingles,
      emmett: theirSingles,
      unit: 'appends/s',
    });

    step(`${fmt(singles)} single appends on one Emmett connection`);
    // Beside the log the comparison reads: on a file of its own.
    const connectionFile = join(dir, 'emmett-connection.sqlite');
    const connection = emmett.sqliteConnection({ fileName: connectionFile });
    await emmett.createEventStoreSchema(connection);
    const theirConnectionSingles = await rate(singles, async () => {
      for (let i = 0; i < singles; i++) {
        const result = await emmett.appendToStream(connection, `bench-${i % 500}`, 'bench', [theirs(i)]);
        if (!result.success) throw new Error('Emmett refused an append');
      }
    });
    connection.close();
    figures.push({
      figure: 'appends/s, 1 event per append (Emmett: appendToStream on one connection)',
      ours: ourSingles,
      emmett: theirConnectionSingles,
      unit: 'appends/s',
    });

    step(`${fmt(batches)} appends of ${batchSize}`);
    const ourBatches = await rate(batches * batchSize, async () => {
      for (let b = 0; b < batches; b++) {
        await ourStore.append(
          `batch-${b}`,
          Array.from({ length: batchSize }, (_, i) => ours(i)),
          { expected: 'no_stream' },
        );
      }
    });
    const theirBatches = await rate(batches * batchSize, async () => {
      for (let b = 0; b < batches; b++) {
        await retried(() =>
          theirStore.appendToStream(
            `batch-${b}`,
            Array.from({ length: batchSize }, (_, i) => theirs(i)),
            { expectedStreamVersion: emmettCore.STREAM_DOES_NOT_EXIST },
          ),
        );
      }
    });
    figures.push({
      figure: `events/s, batches of ${batchSize}`,
      ours: ourBatches,
      emmett: theirBatches,
      unit: 'events/s',
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await ourStore.close();
  }

  const total = singles + batches * batchSize;
  try {
    step(`reading the whole log (${fmt(total)} events)`);
    const ourReader = openSqliteEventStore({ path: ourFile });
    let ourRead = 0;
    const ourReadRate = await rate(total, async () => {
      let position = 0n;
      for (;;) {
        const events = await ourReader.readAll(position, page);
        if (events.length === 0) break;
        ourRead += events.length;
        position = (events[events.length - 1] as { position: bigint }).position;
      }
    });
    const theirConnection = emmett.sqliteConnection({ fileName: theirFile });
    let theirRead = 0;
    const theirReadRate = await rate(total, async () => {
      let after = 0n;
      for (;;) {
        const batch = await emmett.readMessagesBatch(theirConnection, { after, batchSize: page });
        theirRead += batch.messages.length;
        after = batch.currentGlobalPosition;
        if (!batch.areEventsLeft) break;
      }
    });
    theirConnection.close();
    if (ourRead !== total || theirRead !== total) {
      throw new Error(`read ${ourRead} (ours) and ${theirRead} (Emmett's) of ${total} events`);
    }
    figures.push({
      figure: `events/s, reading the whole log (pages of ${page})`,
      ours: ourReadRate,
      emmett: theirReadRate,
      unit: 'events/s',
    });

    step('catching up a subscription from 0');
    let ourSeen = 0;
    let subscription: { close(): Promise<void> } | undefined;
    const ourCatchUp = await rate(total, async () => {
      await new Promise<void>((resolve) => {
        subscription = ourReader.subscribe(0n, () => {
          ourSeen++;
          if (ourSeen === total) resolve();
        });
      });
    });
    await subscription?.close();
    await ourReader.close();

    let theirSeen = 0;
    const consumer = theirStore.consumer({ pulling: { batchSize: page, pullingFrequencyInMs: 0 } });
    const theirCatchUp = await rate(total, async () => {
      const caughtUp = new Promise<void>((resolve) => {
        consumer.processor({
          processorId: 'bench',
          startFrom: 'BEGINNING',
          eachMessage: () => {
            theirSeen++;
            if (theirSeen === total) {
              resolve();
              return { type: 'STOP' as const, reason: 'caught up' };
            }
          },
        });
      });
      void consumer.start();
      await caughtUp;
    });
    await consumer.close();
    figures.push({
      figure: 'events/s, a subscription catching up from 0',
      ours: ourCatchUp,
      emmett: theirCatchUp,
      unit: 'events/s',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const benchmark = `event store vs Emmett 0.38.5 (sqlite, synchronous=FULL, ${fmt(total)} events)`;
  return [
    ...figures.map((f) => ({
      benchmark,
      figure: f.figure,
      value: `ours ${fmt(f.ours)}, Emmett ${fmt(f.emmett)} ${f.unit}: ratio ${fmt(f.ours / f.emmett, 1)}×`,
    })),
    {
      benchmark,
      figure: "Emmett's event store appends refused (SQLITE_BUSY), tried again",
      value: `${refused} of ${fmt(singles + batches)}`,
    },
  ];
}
