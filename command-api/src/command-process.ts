import { QuotaLedger } from '@dispatch/auth';
import { mailerFor, openAuthFor, smsSenderFor } from '@dispatch/auth/runtime';
import { loadEnvironment, openDocumentStoreFor, openEventStoreFor } from '@dispatch/config';
import { eventUpcasting, healthAnswerSchema } from '@dispatch/domain';
import { answers, createMetrics, createServer } from '@dispatch/http';
import {
  collections,
  ensureReadModels,
  firstOrganizationOfUser,
  LIVE_CHECKPOINT,
  tailChangeLog,
} from '@dispatch/read-models';
import { commandApi } from './plugin.ts';

/** The command API as its own process (docker-compose); `standalone/` composes it in memory instead. */
const env = loadEnvironment({ PORT: '3001', ...process.env });
const store = openEventStoreFor(env, { upcast: (event) => eventUpcasting.upcast(event) });
// Sign-in runs here, and a new session starts in the user's organization: read from the read models.
const documents = await openDocumentStoreFor(env);
await ensureReadModels(documents);
// Every send out of the building is counted on the quota ledgers, phone codes too.
const quotas = new QuotaLedger(store, env.quotas);
const auth = await openAuthFor(env, {
  defaultActiveOrganization: (userId) => firstOrganizationOfUser(documents, userId),
  quotas,
});
// Webhook deliveries wake on the projector's commits, which this process follows in the change log.
const checkpoint = await documents.get(collections.checkpoints, LIVE_CHECKPOINT);
const changes = tailChangeLog(documents, { from: checkpoint ? BigInt(checkpoint.position) : 0n });
// GET /metrics for a scraper holding METRICS_TOKEN; 404 without one.
const metrics = env.METRICS_TOKEN ? createMetrics() : undefined;
const app = await createServer({
  title: 'Dispatch board command API',
  publicUrl: env.PUBLIC_URL,
  trustProxy: env.trustProxy,
  logger: process.env.LOG_REQUESTS === 'false' ? 'errors' : 'requests',
  metrics,
  metricsToken: env.METRICS_TOKEN,
});
app.get('/health', answers({ 200: healthAnswerSchema }), async () => ({ ok: true }));
await app.register(
  commandApi({
    store,
    auth,
    documents,
    mailer: mailerFor(env),
    sms: smsSenderFor(env),
    envelopeExpiryDays: env.ENVELOPE_EXPIRY_DAYS,
    apiKeyRateLimit: env.API_KEY_RATE_LIMIT,
    signingRateLimit: env.AUTH_RATE_LIMIT === 'on' ? undefined : false,
    publicUrl: env.PUBLIC_URL,
    trustedOrigins: env.trustedOrigins,
    metrics,
    quotas,
    webhookSettings: env.webhooks,
    changes,
  }),
);
await app.listen({ port: env.PORT, host: env.HOST });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    changes.close();
    await auth.close();
    await documents.close();
    await store.close();
    process.exit(0);
  });
}
