import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { newEventId, openSqliteEventStore } from '@dispatch/storage';
import { metadata, tempDir } from './fixtures.ts';
import { fmt, type Row } from './stats.ts';

/** Raw appends on the embedded event store: one event per transaction, then batches of 100. */
export async function benchEventStoreAppends(): Promise<Row[]> {
  const dir = tempDir('appends');
  const store = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
  const event = (i: number) => ({
    id: newEventId(),
    type: 'BenchAppended',
    data: { i },
    metadata: metadata('bench'),
  });

  const singles = 5_000;
  let start = performance.now();
  for (let i = 0; i < singles; i++) await store.append(`bench-${i % 500}`, [event(i)], { expected: 'any' });
  const singleRate = singles / ((performance.now() - start) / 1000);

  const batches = 1_000;
  start = performance.now();
  for (let b = 0; b < batches; b++) {
    await store.append(
      `batch-${b}`,
      Array.from({ length: 100 }, (_, i) => event(i)),
      { expected: 'no_stream' },
    );
  }
  const batchRate = (batches * 100) / ((performance.now() - start) / 1000);

  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return [
    {
      benchmark: 'event store append (sqlite)',
      figure: 'appends/s, 1 event per transaction',
      value: fmt(singleRate),
    },
    { benchmark: 'event store append (sqlite)', figure: 'events/s, batches of 100', value: fmt(batchRate) },
  ];
}
