import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { errorBody } from './boundary.ts';

/**
 * What the product counts for Prometheus (`GET /metrics`), one registry per app (tests start many
 * apps in one process; the default global registry would refuse the second). Only made when
 * METRICS_TOKEN is set: without it nothing is counted and /metrics answers 404.
 */
export interface ProductMetrics {
  readonly registry: Registry;
  /** One answered command: its method, route pattern (`/api/v1/trucks/:id`), status and duration. */
  observeCommand(method: string, route: string, statusCode: number, seconds: number): void;
  /** Events appended to the event store, by type. */
  eventsAppended(type: string, count?: number): void;
  /** Live messages emitted to sockets (one per socket reached), by change kind. */
  pushed(kind: string, messages: number): void;
  /** Where the projector's lag is read at each scrape. */
  measureProjection(read: () => Promise<{ lagEvents: number; lagMs: number }>): void;
  /** Where the number of open live connections is read at each scrape. */
  measureLiveConnections(read: () => number): void;
}

export const METRICS_PATH = '/metrics';

/** 2xx, 4xx…: the status class keeps the label set small whatever the statuses. */
export const statusClassOf = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

export function createMetrics(options: { processMetrics?: boolean } = {}): ProductMetrics {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const commandDuration = new Histogram({
    name: 'dispatch_command_duration_seconds',
    help: 'Time from request to answer of the command API, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const appended = new Counter({
    name: 'dispatch_events_appended_total',
    help: 'Events appended to the event store by the command API, by event type',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const pushes = new Counter({
    name: 'dispatch_push_messages_total',
    help: 'Live change messages emitted to Socket.IO connections (one per connection reached), by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  let readProjection: (() => Promise<{ lagEvents: number; lagMs: number }>) | null = null;
  let projection: Promise<{ lagEvents: number; lagMs: number } | null> | null = null;
  /** One read of the lag per scrape, shared by both gauges; a failed read leaves them unset. */
  const projectionNow = () => {
    projection ??= (readProjection?.() ?? Promise.resolve(null))
      .catch(() => null)
      .finally(() => {
        setImmediate(() => {
          projection = null;
        });
      });
    return projection;
  };
  new Gauge({
    name: 'dispatch_projector_lag_events',
    help: 'Events in the log the read models in service have not applied yet (counted up to 10,000)',
    registers: [registry],
    async collect() {
      const lag = await projectionNow();
      if (lag) this.set(lag.lagEvents);
    },
  });
  new Gauge({
    name: 'dispatch_projector_lag_seconds',
    help: 'How long the oldest event not applied yet has waited',
    registers: [registry],
    async collect() {
      const lag = await projectionNow();
      if (lag) this.set(lag.lagMs / 1000);
    },
  });
  let readConnections: (() => number) | null = null;
  new Gauge({
    name: 'dispatch_live_connections',
    help: 'Socket.IO connections open on this process',
    registers: [registry],
    collect() {
      if (readConnections) this.set(readConnections());
    },
  });
  return {
    registry,
    observeCommand(method, route, statusCode, seconds) {
      commandDuration.observe({ method, route, status_class: statusClassOf(statusCode) }, seconds);
    },
    eventsAppended(type, count = 1) {
      appended.inc({ type }, count);
    },
    pushed(kind, messages) {
      if (messages > 0) pushes.inc({ kind }, messages);
    },
    measureProjection(read) {
      readProjection = read;
    },
    measureLiveConnections(read) {
      readConnections = read;
    },
  };
}

/** Times every answer of `app`'s routes (the command API's scope) into the command histogram. */
export function timeCommands(app: FastifyInstance, metrics: ProductMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeCommand(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * `GET /metrics` in Prometheus' text format, for a scraper holding METRICS_TOKEN as a bearer token.
 * Without a token configured the route answers 404 like any unknown address (nothing is counted);
 * with one, a request without the right bearer gets 401. Process metrics name no user, but request
 * rates and event counts say how busy the platform is: not for everyone who can reach the site.
 */
export function installMetricsEndpoint(
  app: FastifyInstance,
  options: { metrics?: ProductMetrics; token?: string },
) {
  const { metrics, token } = options;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !token) return reply.status(404).send(errorBody('NOT_FOUND', 'Not found'));
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody('UNAUTHORIZED', 'Unauthorized'));
    }
    const text = await metrics.registry.metrics();
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(text);
  });
}
