import type { AuthService } from '@dispatch/auth';
import { checkMembershipWith, limitApiKeyRequests, resolveApiKeysWith } from '@dispatch/auth';
import { DEFAULT_API_KEY_RATE_LIMIT, type QuotaSettings } from '@dispatch/domain';
import type { ProductMetrics } from '@dispatch/http';
import {
  guardStateChanges,
  installErrorHandler,
  parseRouteInputs,
  serializeAnswersAsTheyAre,
} from '@dispatch/http';
import { collections, memberRoleOf, readProjectionLag } from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { activityQueries } from './activity/activity-queries.ts';
import { createAnswerCache } from './answer-cache.ts';
import { apiKeyQueries } from './api-keys/api-key-queries.ts';
import { envelopeQueries } from './envelopes/envelope-queries.ts';
import { eventFeedQueries } from './events/event-feed-queries.ts';
import { exportQueries } from './exports/export-queries.ts';
import { cityQueries } from './geo/city-queries.ts';
import { healthQueries } from './health/health-queries.ts';
import { historyQueries } from './history/history-queries.ts';
import { laneHistoryQueries } from './lane-history/lane-history-queries.ts';
import { laneQueries } from './lanes/lane-queries.ts';
import type { PostingExpiryOptions } from './lists/live-postings.ts';
import { attachLiveUpdates } from './live/socket-server.ts';
import { loadQueries } from './loads/load-queries.ts';
import { adminQueries } from './organizations/admin-queries.ts';
import { invitationQueries } from './organizations/invitation-queries.ts';
import { memberQueries } from './organizations/member-queries.ts';
import { organizationQueries } from './organizations/organization-queries.ts';
import { quotaUsageQueries } from './organizations/quota-usage-queries.ts';
import { teamQueries } from './organizations/team-queries.ts';
import { overviewQueries } from './overview/overview-queries.ts';
import type { ProjectionClock } from './projection-clock.ts';
import { radiusQueries } from './radius/radius-queries.ts';
import { readYourWrites } from './read-your-writes.ts';
import { savedSearchQueries } from './saved-searches/saved-search-queries.ts';
import { postingSearchQueries } from './search/posting-search-queries.ts';
import { truckQueries } from './trucks/truck-queries.ts';
import { webhookQueries } from './webhooks/webhook-queries.ts';

export interface QueryApiOptions extends PostingExpiryOptions {
  /** Requests per minute one API key may make here (API_KEY_RATE_LIMIT, default 600). */
  apiKeyRateLimit?: number;
  documents: DocumentStore;
  auth: AuthService;
  clock: ProjectionClock;
  /** Read by the history routes of postings and envelopes, and by an envelope's document (its PDF). */
  eventStore: EventStore;
  /** Origins whose pages may open a live connection (and send anything but a read) with the user's cookies. */
  trustedOrigins: readonly string[];
  /** Counts live pushes and reads the projector's lag for /metrics (when METRICS_TOKEN is set). */
  metrics?: ProductMetrics;
  /** The sending quotas (QUOTA_* settings), for the admin's view of an organization's usage. */
  quotas?: QuotaSettings;
  /**
   * How often the server pings a live connection and how long it waits for the answer, in ms
   * (LIVE_PING_INTERVAL_SECONDS and LIVE_PING_TIMEOUT_SECONDS); Socket.IO's 25 s and 20 s by default.
   */
  livePing?: { intervalMs: number; timeoutMs: number };
}

/**
 * The read side: read models only (the exceptions, a posting's or an envelope's history and an
 * envelope's document, read their stream); plus live pushes over Socket.IO.
 */
export function queryApi(options: QueryApiOptions): FastifyPluginAsync {
  return async (app) => {
    const io = attachLiveUpdates(app, options);
    const liveConnections = () => io.of('/').sockets.size;
    options.metrics?.measureLiveConnections(liveConnections);
    options.metrics?.measureProjection(() => readProjectionLag(options.eventStore, options.documents));
    const cache = createAnswerCache(options.clock);
    await app.register(async (queries) => {
      installErrorHandler(queries);
      serializeAnswersAsTheyAre(queries);
      parseRouteInputs(queries);
      guardStateChanges(queries, options);
      readYourWrites(queries, options.clock);
      // The query side reads only read models: a removal counts once the projector has applied it.
      // Kept per projector position like the answers: a removal counts from the commit that applies it.
      checkMembershipWith(queries, (orgId, userId) =>
        cache.answer(`member\u0000${orgId}\u0000${userId}`, () =>
          memberRoleOf(options.documents, orgId, userId),
        ),
      );
      // Keys are read from their streams, as on the command side: a revocation holds at once.
      resolveApiKeysWith(queries, options.eventStore, {
        organizationActive: async (orgId) =>
          (await options.documents.get(collections.organizations, orgId)) !== null,
      });
      await limitApiKeyRequests(queries, options.apiKeyRateLimit ?? DEFAULT_API_KEY_RATE_LIMIT);
      await queries.register(organizationQueries(options));
      await queries.register(memberQueries(options));
      await queries.register(invitationQueries(options));
      await queries.register(teamQueries(options));
      await queries.register(adminQueries(options));
      await queries.register(quotaUsageQueries(options));
      await queries.register(healthQueries({ ...options, liveConnections }));
      await queries.register(activityQueries(options));
      await queries.register(apiKeyQueries(options));
      await queries.register(truckQueries({ ...options, cache }));
      await queries.register(loadQueries({ ...options, cache }));
      await queries.register(overviewQueries({ ...options, cache }));
      await queries.register(historyQueries(options));
      await queries.register(cityQueries(options));
      await queries.register(radiusQueries({ ...options, cache }));
      await queries.register(laneQueries({ ...options, cache }));
      await queries.register(laneHistoryQueries({ ...options, cache }));
      await queries.register(envelopeQueries(options));
      await queries.register(exportQueries(options));
      await queries.register(savedSearchQueries(options));
      await queries.register(postingSearchQueries(options));
      await queries.register(webhookQueries(options));
      await queries.register(eventFeedQueries(options));
    });
  };
}
