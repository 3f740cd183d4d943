import { join } from 'node:path';
import { projections, startProjector } from '@dispatch/projector';
import { openSqliteDocumentStore, openSqliteEventStore } from '@dispatch/storage';

/**
 * Every read model of the data folder `dir` built from its log, from position 0, by the projector as the
 * product runs it (indexes after the rows), in a process of its own; reports the seconds it took.
 */
const dir = process.argv[2] as string;
const events = openSqliteEventStore({ path: join(dir, 'events.sqlite'), synchronous: 'normal' });
const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
const head = await events.headPosition();
const begin = performance.now();
const projector = await startProjector({ eventStore: events, documents, projections });
if (!(await projector.waitFor(head, 3_600_000))) throw new Error('the projector did not catch up');
const seconds = (performance.now() - begin) / 1000;
await projector.close();
await documents.close();
await events.close();
process.send?.({ events: Number(head), seconds });
