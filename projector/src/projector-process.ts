import { createServer } from 'node:http';
import { loadEnvironment, openDocumentStoreFor, openEventStoreFor, storeLocationOf } from '@dispatch/config';
import { eventUpcasting } from '@dispatch/domain';
import { projections } from './projections/index.ts';
import { startReadModels } from './read-model-rebuild.ts';

/** The projector as its own process (docker-compose). It writes the change log the query API tails. */
const env = loadEnvironment({ PORT: '3003', ...process.env });
const eventStore = openEventStoreFor(env, { upcast: (event) => eventUpcasting.upcast(event) });
const documents = await openDocumentStoreFor(env);

const projector = await startReadModels({
  eventStore,
  documents,
  projections,
  writeChangeLog: true,
  // A rebuild's builder reads, applies and serialises on a thread of its own.
  builderThread: { stores: storeLocationOf(env) },
  onError: (error) => console.error('projector error', error),
});

let stopping = false;
// `/ready` answers 503 once the projector begins to stop; every other path (`/live`, `/health`) answers
// while it runs.
const health = createServer((request, response) => {
  const unready = stopping && request.url?.startsWith('/ready');
  response.writeHead(unready ? 503 : 200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ ok: !unready, position: projector.position().toString() }));
});
health.listen(env.PORT, env.HOST);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    stopping = true;
    health.close();
    await projector.close();
    await documents.close();
    await eventStore.close();
    process.exit(0);
  });
}
