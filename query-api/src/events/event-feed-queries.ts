import {
  type ActorContext,
  type AuthService,
  bearerOf,
  callerFirst,
  type Guard,
  missingScopeMessage,
  requireApiKey,
  requireOrganization,
} from '@dispatch/auth';
import {
  apiKeyScopes,
  canSeeActivity,
  type FeedEventType,
  type FeedPageAnswer,
  feedEventTypes,
  feedPageAnswerSchema,
  feedQuerySchema,
  feedTypesCoveredBy,
  publicEventScope,
} from '@dispatch/domain';
import { answers, HttpError, openToKeys, type RoutesPlugin } from '@dispatch/http';
import { readFeed } from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';
import type { ProjectionClock } from '../projection-clock.ts';
import { requireGroupServing } from '../rebuilding.ts';
import { FeedWaiters } from './feed-waiters.ts';

/** Requests of one organization that may wait for its next events at once (per process). */
export const FEED_WAITERS_PER_ORGANIZATION = 20;
export const EVENT_FEED_FORBIDDEN_MESSAGE = 'Only owners and admins may read the event feed';
export const TOO_MANY_WAITING_MESSAGE =
  "Too many requests are waiting for this organization's events. Wait a moment and try again.";

/** The feed's callers: an owner or admin of the session's organization, or any of its API keys. */
const requireFeedCaller: Guard<ActorContext> = async (auth, request) => {
  if (bearerOf(request) !== null) return requireApiKey(auth, request);
  const actor = await requireOrganization(auth, request);
  if (!canSeeActivity(actor.role)) throw new HttpError(403, 'FORBIDDEN', EVENT_FEED_FORBIDDEN_MESSAGE);
  return actor;
};

/**
 * GET /api/v1/events: the organization's event feed, oldest first, after a sequence the caller keeps.
 * A key sees the types its scopes cover; asking for another is refused (403 MISSING_SCOPE). With
 * `wait`, a request that finds nothing new waits up to that many seconds for the projector's next
 * commit of the organization's feed and answers as soon as it brings something (long polling).
 */
export function eventFeedQueries(options: {
  documents: DocumentStore;
  auth: AuthService;
  clock: ProjectionClock;
  waitersPerOrganization?: number;
}): RoutesPlugin {
  const { documents, auth, clock } = options;
  return async (app) => {
    const waiters = new FeedWaiters(clock, options.waitersPerOrganization ?? FEED_WAITERS_PER_ORGANIZATION);
    app.addHook('onClose', async () => waiters.close());
    app.addHook('preValidation', callerFirst(auth, requireFeedCaller));
    app.get(
      '/api/v1/events',
      openToKeys(
        apiKeyScopes,
        answers({ 200: feedPageAnswerSchema }, { querystring: feedQuerySchema }),
        'Any API key of the organization may call this route: it answers the event types its scopes cover (postings with `postings:read`, envelopes with `envelopes`, members and search matches with `activity`).',
      ),
      async (request, reply): Promise<FeedPageAnswer> => {
        const actor = await requireFeedCaller(auth, request);
        const { orgId } = actor;
        await requireGroupServing(documents, 'history', 'The event feed');
        const { after, types, limit, wait } = request.query;
        const allowed: readonly FeedEventType[] =
          actor.via === 'apiKey' ? feedTypesCoveredBy(actor.apiKey.scopes) : feedEventTypes;
        for (const type of types ?? []) {
          if (!allowed.includes(type)) {
            throw new HttpError(403, 'MISSING_SCOPE', missingScopeMessage(publicEventScope[type]));
          }
        }
        // Every type: no filter, the (organization, sequence) index alone.
        const wanted = types ?? (allowed.length === feedEventTypes.length ? undefined : allowed);
        // One more than asked for says whether there is more.
        const read = () =>
          wanted?.length === 0
            ? Promise.resolve([])
            : readFeed(documents, orgId, { after, types: wanted, limit: limit + 1 });

        let mark = waiters.mark(orgId);
        let rows = await read();
        if (rows.length === 0 && wait > 0) {
          if (!waiters.enter(orgId)) {
            reply.header('retry-after', '1');
            throw new HttpError(429, 'TOO_MANY_WAITING', TOO_MANY_WAITING_MESSAGE);
          }
          // A client that goes away ends its wait.
          const gone = new AbortController();
          const onClose = () => {
            if (!reply.raw.writableEnded) gone.abort();
          };
          reply.raw.once('close', onClose);
          try {
            const deadline = Date.now() + wait * 1000;
            while (rows.length === 0 && !gone.signal.aborted) {
              const left = deadline - Date.now();
              if (left <= 0) break;
              if ((await waiters.wait(orgId, mark, left, gone.signal)) !== 'changed') break;
              mark = waiters.mark(orgId);
              rows = await read();
            }
          } finally {
            waiters.leave(orgId);
            reply.raw.off('close', onClose);
          }
        }
        const items = rows.slice(0, limit);
        return { items, next: items.at(-1)?.sequence ?? String(after), hasMore: rows.length > limit };
      },
    );
  };
}
