import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { projections, startProjector } from '@dispatch/projector';
import { openSqliteDocumentStore, openSqliteEventStore } from '@dispatch/storage';
import { tempDir, truckEvents } from './fixtures.ts';
import { fmt, type Row } from './stats.ts';

/** The projector building the trucks read model from an existing log of `total` truck events. */
export async function benchProjectorCatchUp(total = 100_000): Promise<Row[]> {
  const dir = tempDir('projector');
  const events = openSqliteEventStore({ path: join(dir, 'events.sqlite') });
  const updatesPerTruck = 4;
  const trucks = Math.ceil(total / (updatesPerTruck + 1));
  for (let truckId = 1; truckId <= trucks; truckId++) {
    const { stream, events: batch } = truckEvents(`org-${truckId % 5}`, truckId, updatesPerTruck);
    await events.append(stream, batch, { expected: 'no_stream' });
  }
  const head = await events.headPosition();

  const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
  const start = performance.now();
  const projector = await startProjector({ eventStore: events, documents, projections });
  const caughtUp = await projector.waitFor(head, 600_000);
  const seconds = (performance.now() - start) / 1000;
  if (!caughtUp) throw new Error('projector did not catch up');
  await projector.close();
  await documents.close();
  await events.close();
  rmSync(dir, { recursive: true, force: true });
  return [
    {
      benchmark: `projector catch-up (${fmt(Number(head))} truck events)`,
      figure: 'events/s',
      value: fmt(Number(head) / seconds),
    },
    {
      benchmark: `projector catch-up (${fmt(Number(head))} truck events)`,
      figure: 'seconds',
      value: fmt(seconds, 2),
    },
  ];
}
