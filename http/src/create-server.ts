import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializeAnswersAsTheyAre } from './answers.ts';
import { installApiDocument } from './api-document.ts';
import { installJsonNotFound } from './boundary.ts';
import { installMetricsEndpoint, type ProductMetrics } from './metrics.ts';
import { installSecurityHeaders, serverOptions, type TrustedProxies } from './server-hardening.ts';

export interface ServerOptions {
  /** The API document's title. */
  title: string;
  /** The address users reach the app at (HSTS, the WebSocket source, the API document's server). */
  publicUrl: string;
  trustProxy: TrustedProxies;
  logger: 'off' | 'errors' | 'requests';
  /** `sha256-…` hashes of the inline scripts the served web page may run. */
  inlineScriptHashes?: readonly string[];
  /** Counted only for a scraper holding the token: otherwise GET /metrics is 404. */
  metrics?: ProductMetrics;
  metricsToken?: string;
  /** Unknown addresses answer in the API's error shape; off where a web app answers them instead. */
  jsonNotFound?: boolean;
  /** Sees every route as it is registered, the kit's own included (the route-table security matrices). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Every server of the product (the standalone process, the command API and the query API
 * processes) starts the same way: hardened options, security headers, answers serialised as the
 * routes declare them, the API document and the metrics endpoint. The services are then
 * registered on it as plugins.
 */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptions({ trustProxy: options.trustProxy, logger: options.logger }));
  await installSecurityHeaders(app, {
    publicUrl: options.publicUrl,
    inlineScriptHashes: options.inlineScriptHashes,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (options.jsonNotFound ?? true) installJsonNotFound(app);
  serializeAnswersAsTheyAre(app);
  await installApiDocument(app, { title: options.title, publicUrl: options.publicUrl });
  installMetricsEndpoint(app, { metrics: options.metrics, token: options.metricsToken });
  const stopping = closeConnectionsWhenStopping(app);
  installProbes(app, stopping);
  return app;
}

/**
 * `GET /live` answers while the process runs; `GET /ready` answers 200 until the process begins to
 * stop, then 503, so a gateway or an orchestrator sends it nothing new. Outside the API (like
 * /metrics): asked of each process directly, never through the gateway.
 */
function installProbes(app: FastifyInstance, stopping: () => boolean): void {
  const hidden = { schema: { hide: true } };
  app.get('/live', hidden, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ ok: true }),
  );
  app.get('/ready', hidden, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (stopping()) return reply.status(503).send({ ok: false, stopping: true });
    return reply.send({ ok: true });
  });
}

/**
 * Stopping, the server answers what it has taken and then lets each connection go: the answers sent
 * from then on say `Connection: close`, so a keep-alive connection ends with its last answer instead
 * of holding the stop for the keep-alive timeout (idle ones are closed at once by the close itself).
 */
function closeConnectionsWhenStopping(app: FastifyInstance): () => boolean {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  return () => stopping;
}
