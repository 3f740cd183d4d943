import { type Infrastructure, openInfrastructure } from '@dispatch/auth/runtime';
import { type CommandApiOptions, commandApi } from '@dispatch/command-api';
import { type Environment, storeLocationOf } from '@dispatch/config';
import { type ApiKeyScope, healthAnswerSchema } from '@dispatch/domain';
import {
  type AnswerSchemas,
  answers,
  createMetrics,
  createServer,
  inputOf,
  type RouteInput,
} from '@dispatch/http';
import { type Projector, projections, startReadModels } from '@dispatch/projector';
import { clockFromCommits, queryApi } from '@dispatch/query-api';
import {
  firstOrganizationOfUser,
  inProcessChangeFeed,
  type ProjectionHold,
  projectionHold,
} from '@dispatch/read-models';
import type { FastifyInstance } from 'fastify';
import { serveApiReference } from './api-reference.ts';
import { loadWebApp, serveWebApp } from './web-assets.ts';

/** One route of the product as Fastify registered it: what the generated security matrices walk. */
export interface RouteEntry {
  method: string;
  url: string;
  /** What the route declares it answers, by status (see http/src/answers.ts). */
  answers?: AnswerSchemas;
  /** What the route declares it takes: its body, path parameters, query and headers (see http/src/route-input.ts). */
  input?: RouteInput;
  /** The scopes of which an API key must hold one to call the route; absent: keys are refused (see openToKeys). */
  apiKeyScopes?: readonly ApiKeyScope[];
}

export interface StandaloneApp {
  app: FastifyInstance;
  /** Every route the process serves (HEAD twins of GET routes left out). */
  routes: RouteEntry[];
  infrastructure: Infrastructure;
  projector: Projector;
  /** What a large expiry sweep of this process holds the projector with. */
  projectionHold: ProjectionHold;
  close(): Promise<void>;
}

/**
 * The three services in one process on one port, with the projector feeding the query API's clock
 * and live pushes in memory. What `npm start`, the end-to-end tests and the benchmarks run.
 */
export async function createStandaloneApp(
  env: Environment,
  options: {
    logger?: 'off' | 'errors' | 'requests';
    serveWeb?: boolean;
    /** How webhook deliveries are paced; false turns them off (a test that counts every write). */
    webhookDelivery?: CommandApiOptions['webhookDelivery'];
    /** How often postings past their expiry are swept, in ms; 0 leaves it to the caller (tests). */
    postingExpiryEveryMs?: number;
    /**
     * Whether the board hides postings past their expiry moment before the sweep expires them: always,
     * unless a test that runs no sweep says `false` (see the query API's `hidesPastExpiry`).
     */
    hidesPastExpiry?: boolean;
  } = {},
): Promise<StandaloneApp> {
  const infrastructure = await openInfrastructure(env, {
    defaultActiveOrganization: firstOrganizationOfUser,
  });
  const feed = inProcessChangeFeed();
  // A large expiry sweep holds the projector while it commits (docs/performance.md#posting-expiry).
  const hold = projectionHold();
  const projector = await startReadModels({
    eventStore: infrastructure.eventStore,
    documents: infrastructure.documents,
    projections,
    feed,
    hold,
    // A rebuild's builder reads, applies and serialises on a thread of its own.
    builderThread: { stores: storeLocationOf(env) },
    onError: (error) => console.error('projector error', error),
  });
  const clock = clockFromCommits(feed, projector.position());
  // Counted only for a scraper that can read them (METRICS_TOKEN): otherwise /metrics is 404.
  const metrics = env.METRICS_TOKEN ? createMetrics() : undefined;

  const web = (options.serveWeb ?? true) ? await loadWebApp() : null;
  const routes: RouteEntry[] = [];
  const app = await createServer({
    title: 'Dispatch board API',
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.trustProxy,
    logger: options.logger ?? 'off',
    inlineScriptHashes: web?.inlineScriptHashes,
    metrics,
    metricsToken: env.METRICS_TOKEN,
    // The web app answers unknown addresses when it is served (its pages are client routes).
    jsonNotFound: !web,
    onRoute: (route) => {
      for (const method of ([] as string[]).concat(route.method)) {
        if (method !== 'HEAD')
          routes.push({
            method,
            url: route.url,
            answers: route.config?.answers,
            input: inputOf(route.schema),
            apiKeyScopes: route.config?.apiKeyScopes,
          });
      }
    },
  });
  await serveApiReference(app);
  app.get('/api/health', answers({ 200: healthAnswerSchema }), async () => ({
    ok: true,
    position: clock.position().toString(),
  }));
  await app.register(
    commandApi({
      store: infrastructure.eventStore,
      auth: infrastructure.auth,
      documents: infrastructure.documents,
      mailer: infrastructure.mailer,
      sms: infrastructure.sms,
      envelopeExpiryDays: env.ENVELOPE_EXPIRY_DAYS,
      apiKeyRateLimit: env.API_KEY_RATE_LIMIT,
      signingRateLimit: env.AUTH_RATE_LIMIT === 'on' ? undefined : false,
      publicUrl: env.PUBLIC_URL,
      trustedOrigins: env.trustedOrigins,
      metrics,
      quotas: infrastructure.quotas,
      webhookSettings: env.webhooks,
      webhookDelivery: options.webhookDelivery,
      postingExpiryEveryMs: options.postingExpiryEveryMs,
      projectionHold: hold,
      changes: feed,
    }),
  );
  await app.register(
    queryApi({
      quotas: env.quotas,
      documents: infrastructure.documents,
      auth: infrastructure.auth,
      clock,
      eventStore: infrastructure.eventStore,
      trustedOrigins: env.trustedOrigins,
      apiKeyRateLimit: env.API_KEY_RATE_LIMIT,
      metrics,
      livePing: env.livePing,
      hidesPastExpiry: options.hidesPastExpiry,
    }),
  );
  if (web) await serveWebApp(app, web);

  return {
    app,
    routes,
    infrastructure,
    projector,
    projectionHold: hold,
    async close() {
      await app.close();
      clock.close();
      await projector.close();
      await infrastructure.close();
    },
  };
}
