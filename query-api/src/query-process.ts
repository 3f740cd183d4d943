import { openAuthFor } from '@dispatch/auth/runtime';
import { loadEnvironment, openDocumentStoreFor, openEventStoreFor } from '@dispatch/config';
import { eventUpcasting, healthAnswerSchema } from '@dispatch/domain';
import { answers, createMetrics, createServer } from '@dispatch/http';
import {
  changeLogCollection,
  collections,
  ensureReadModels,
  GROUP_REBUILD_CHECKPOINT,
  tailChangeLog,
} from '@dispatch/read-models';
import { queryApi } from './plugin.ts';
import { clockFromCommits } from './projection-clock.ts';

/** The query API as its own process (docker-compose): it follows the projector through the change log. */
const env = loadEnvironment({ PORT: '3002', ...process.env });
const documents = await openDocumentStoreFor(env);
// Only the posting history routes read it (see history/history-queries.ts).
const eventStore = openEventStoreFor(env, { upcast: (event) => eventUpcasting.upcast(event) });
const auth = await openAuthFor(env);
await documents.ensureCollection(changeLogCollection);
await ensureReadModels(documents);
const checkpoint = await documents.get(collections.checkpoints, 'read-models');
const initial = checkpoint ? BigInt(checkpoint.position) : 0n;
// Groups of read models built again beside the others stand at their own checkpoint until they join.
const groupRebuild = await documents.get(collections.checkpoints, GROUP_REBUILD_CHECKPOINT);
const rebuilt = groupRebuild ? BigInt(groupRebuild.position) : initial;
const tail = tailChangeLog(documents, { from: initial });
const clock = clockFromCommits(tail, rebuilt < initial ? rebuilt : initial);

// GET /metrics for a scraper holding METRICS_TOKEN; 404 without one.
const metrics = env.METRICS_TOKEN ? createMetrics() : undefined;
const app = await createServer({
  title: 'Dispatch board query API',
  publicUrl: env.PUBLIC_URL,
  trustProxy: env.trustProxy,
  logger: process.env.LOG_REQUESTS === 'false' ? 'errors' : 'requests',
  metrics,
  metricsToken: env.METRICS_TOKEN,
});
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
    apiKeyRateLimit: env.API_KEY_RATE_LIMIT,
    metrics,
    quotas: env.quotas,
    livePing: env.livePing,
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
