import { join } from 'node:path';
import { projections, startProjector } from '@dispatch/projector';
import { openSqliteDocumentStore, openSqliteEventStore } from '@dispatch/storage';

/**
 * The projector rebuilding every read model from position 0, in a process of its own as it runs in the
 * product (not in the process that has just generated the events): times the first 1M events and the
 * whole log, then reports them to the parent.
 */
const dir = process.argv[2] as string;
const events = openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'normal' });
const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
const head = await events.headPosition();
const start = performance.now();
// As the product runs it: the default batch sizes.
const projector = await startProjector({ eventStore: events, documents, projections });
let firstMillion: number | null = null;
if (head >= 1_000_000n) {
  await projector.waitFor(1_000_000n, 3_600_000);
  firstMillion = (performance.now() - start) / 1000;
  console.error(`  projected the first 1,000,000 events in ${firstMillion.toFixed(1)} s`);
}
if (!(await projector.waitFor(head, 3_600_000))) throw new Error('the projector did not catch up');
const seconds = (performance.now() - start) / 1000;
await projector.close();
await documents.close();
await events.close();
process.send?.({ events: Number(head), seconds, firstMillion });
