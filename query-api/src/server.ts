import { answers, serializeAnswersAsTheyAre } from '@dispatch/auth/http/answers';
import { installApiDocument } from '@dispatch/auth/http/api-document';
import { installJsonNotFound } from '@dispatch/auth/http/boundary';
import { createMetrics, installMetricsEndpoint } from '@dispatch/auth/http/metrics';
import { installSecurityHeaders, serverOptions } from '@dispatch/auth/http/server-hardening';
import { openAuthFor } from '@dispatch/auth/runtime/infrastructure';
import { eventUpcasting, healthAnswerSchema } from '@dispatch/domain';
import {
  changeLogCollection,
  collections,
  ensureReadModels,
  projections,
  tailChangeLog,
} from '@dispatch/projector';
import { loadEnvironment } from '@dispatch/storage/runtime/environment';
import { openDocumentStoreFor, openEventStoreFor } from '@dispatch/storage/runtime/open-stores';
import Fastify from 'fastify';
import { queryApi } from './plugin.ts';
import { clockFromCommits } from './projection-clock.ts';

/** The query API as its own process (docker-compose): it follows the projector through the change log. */
const env = loadEnvironment({ PORT: '3002', ...process.env });
const documents = await openDocumentStoreFor(env);
// Only the posting history routes read it (see history/history-queries.ts).
const eventStore = openEventStoreFor(env, { upcast: (event) => eventUpcasting.upcast(event) });
const auth = await openAuthFor(env);
await documents.ensureCollection(changeLogCollection);
await ensureReadModels(documents, projections);
const checkpoint = await documents.get(collections.checkpoints, 'read-models');
const initial = checkpoint ? BigInt(checkpoint.position) : 0n;
const tail = tailChangeLog(documents, { from: initial });
const clock = clockFromCommits(tail, initial);

const app = Fastify(
  serverOptions({
    trustProxy: env.trustProxy,
    logger: process.env.LOG_REQUESTS === 'false' ? 'errors' : 'requests',
  }),
);
await installSecurityHeaders(app, { publicUrl: env.PUBLIC_URL });
installJsonNotFound(app);
serializeAnswersAsTheyAre(app);
await installApiDocument(app, { title: 'Dispatch board query API', publicUrl: env.PUBLIC_URL });
// GET /metrics for a scraper holding METRICS_TOKEN; 404 without one.
const metrics = env.METRICS_TOKEN ? createMetrics() : undefined;
installMetricsEndpoint(app, { metrics, token: env.METRICS_TOKEN });
app.get('/health', answers({ 200: healthAnswerSchema }), async () => ({
  ok: true,
  position: clock.position().toString(),
}));
await app.register(
  queryApi({
    documents,
    auth,
    clock,
    eventStore,
    trustedOrigins: env.trustedOrigins,
    metrics,
    quotas: env.quotas,
  }),
);
await app.listen({ port: env.PORT, host: env.HOST });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    tail.close();
    clock.close();
    await auth.close();
    await documents.close();
    await eventStore.close();
    process.exit(0);
  });
}
