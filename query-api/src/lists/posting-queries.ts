import type { ActorContext, AuthService } from '@dispatch/auth';
import { callerFirst, requireScope } from '@dispatch/auth';
import { expiredPostingsQuerySchema, localDateOf, notFound, pagedAnswer } from '@dispatch/domain';
import { answers, openToKeys, type RoutesPlugin } from '@dispatch/http';
import type { Document, DocumentStore, EventStore } from '@dispatch/storage';
import { z } from 'zod';
import { type AnswerCache, listAnswerKey } from '../answer-cache.ts';
import { type AsOfMoment, resolveAsOf } from '../as-of/moment.ts';
import { cachedTimeZone } from '../organizations/organization-time-zone.ts';
import { AS_OF_BEING_REBUILT, requireGroupServing } from '../rebuilding.ts';
import { cachedNextExpiry, expiryMoment, type PostingExpiryOptions } from './live-postings.ts';

export interface PostingQueriesOptions extends PostingExpiryOptions {
  documents: DocumentStore;
  auth: AuthService;
  eventStore: EventStore;
  cache: AnswerCache;
}

/** What differs between the trucks' and the loads' read routes. */
export interface PostingReadRoutes<ListQuery extends z.ZodType<{ asOf?: string }>, Row extends Document> {
  /** The path segment and the answer cache's list name: `trucks`, `loads`. */
  list: string;
  /** The posting's name in messages: `Truck`, `Load`. */
  noun: string;
  collection: string;
  /** Where its expired postings are kept until re-posted (docs/decisions.md). */
  expiredCollection: string;
  listQuerySchema: ListQuery;
  pageAnswerSchema: z.ZodType;
  answerSchema: z.ZodType;
  page: (
    documents: DocumentStore,
    orgId: string,
    timeZone: string,
    query: z.output<ListQuery>,
    now: Date,
    asOf?: AsOfMoment | null,
    expiryAt?: Date | null,
  ) => Promise<unknown>;
  toAnswer: (row: Row) => unknown;
  /**
   * What a caller may ask and see beyond the scope: `refuse` throws (403) for a list query asking for
   * what they may not see; `page` and `one` leave it out of a page and of one posting. Live pages are
   * kept whole in the answer cache, then trimmed for each caller.
   */
  forCaller?: {
    refuse: (actor: ActorContext, query: z.output<ListQuery>) => void;
    page: (actor: ActorContext, page: never) => unknown;
    one: (actor: ActorContext, answer: never) => unknown;
  };
}

/**
 * The read routes of a kind of posting: its list (`GET /api/v1/{list}`, live answers kept per
 * projector commit, a past moment read each time) and one posting (`GET /api/v1/{list}/{id}`).
 */
/** Members of the organization, and its API keys with the `postings:read` scope. */
const readsPostings = requireScope('postings:read');

export function postingQueries<ListQuery extends z.ZodType<{ asOf?: string }>, Row extends Document>(
  kind: PostingReadRoutes<ListQuery, Row>,
  options: PostingQueriesOptions,
): RoutesPlugin {
  const { documents, auth, eventStore, cache } = options;
  const params = z.object({
    id: z.coerce.number().int().positive(`${kind.noun} id must be a positive integer`),
  });
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, readsPostings));
    app.get(
      `/api/v1/${kind.list}`,
      openToKeys(
        'postings:read',
        answers({ 200: kind.pageAnswerSchema }, { querystring: kind.listQuerySchema }),
      ),
      async (request) => {
        const actor = await readsPostings(auth, request);
        const { orgId } = actor;
        // Parsed by `kind.listQuerySchema`; a schema given as a type parameter is not resolved by the type provider.
        const query = request.query as z.output<ListQuery> & { maxAgeHours?: number };
        kind.forCaller?.refuse(actor, query);
        const forCaller = (page: unknown) =>
          kind.forCaller ? kind.forCaller.page(actor, page as never) : page;
        const timeZone = await cachedTimeZone(cache, documents, orgId);
        const now = new Date();
        const expiryAt = expiryMoment(options, now);
        // The board as of a past moment is read each time: auditors ask rarely, and it reads the log.
        // So is a page with a maximum age: it changes as time passes, not only as postings do.
        if (query.asOf) await requireGroupServing(documents, 'boards', AS_OF_BEING_REBUILT);
        if (query.asOf || query.maxAgeHours !== undefined)
          return forCaller(
            await kind.page(
              documents,
              orgId,
              timeZone,
              query,
              now,
              query.asOf ? await resolveAsOf(eventStore, orgId, query.asOf) : null,
              expiryAt,
            ),
          );
        // A live page holds until the commit that changes the list, or the next posting's expiry moment.
        const until = await cachedNextExpiry(cache, documents, kind.collection, orgId, expiryAt);
        return forCaller(
          await cache.answer(
            listAnswerKey(kind.list, orgId, localDateOf(timeZone, now.toISOString()), query),
            () => kind.page(documents, orgId, timeZone, query, now, null, expiryAt),
            until,
          ),
        );
      },
    );

    // The organization's expired postings, off the board, the latest expired first: what its owners re-post.
    app.get(
      `/api/v1/${kind.list}/expired`,
      openToKeys(
        'postings:read',
        answers({ 200: pagedAnswer(kind.answerSchema) }, { querystring: expiredPostingsQuerySchema }),
      ),
      async (request) => {
        const actor = await readsPostings(auth, request);
        const { limit, page } = request.query;
        const filter = { orgId: { eq: actor.orgId } };
        const [rows, totalCount] = await Promise.all([
          documents.find<Row>(kind.expiredCollection, {
            filter,
            sort: [{ field: 'updatedAt', direction: 'desc' }],
            skip: page * limit,
            limit,
          }),
          documents.count(kind.expiredCollection, filter),
        ]);
        const answer = {
          success: true as const,
          limit,
          page,
          count: rows.length,
          totalCount,
          totalPages: Math.ceil(totalCount / limit),
          data: rows.map((row) => kind.toAnswer(row)),
        };
        return kind.forCaller ? kind.forCaller.page(actor, answer as never) : answer;
      },
    );

    app.get(
      `/api/v1/${kind.list}/:id`,
      openToKeys('postings:read', answers({ 200: kind.answerSchema }, { params })),
      async (request) => {
        const actor = await readsPostings(auth, request);
        const { id } = request.params;
        // An expired posting is still its owner's to open, edit and re-post.
        const row =
          (await documents.get<Row & { orgId: string }>(kind.collection, String(id))) ??
          (await documents.get<Row & { orgId: string }>(kind.expiredCollection, String(id)));
        // Another organization's posting is answered exactly like a missing one.
        if (!row || row.orgId !== actor.orgId) throw notFound(`${kind.noun} ${id} not found`);
        const answer = kind.toAnswer(row);
        return kind.forCaller ? kind.forCaller.one(actor, answer as never) : answer;
      },
    );
  };
}
