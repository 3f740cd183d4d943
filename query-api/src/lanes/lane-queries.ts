import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireScope } from '@dispatch/auth';
import {
  laneSearchAnswerSchema,
  laneSearchQuerySchema,
  matchesAnswerSchema,
  matchesQuerySchema,
} from '@dispatch/domain';
import { answers, openToKeys, type RoutesPlugin } from '@dispatch/http';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { z } from 'zod';
import { type AnswerCache, listAnswerKey } from '../answer-cache.ts';
import { resolveAsOf } from '../as-of/moment.ts';
import {
  cachedNextExpiry,
  expiryMoment,
  liveLists,
  nextExpiryOfBoth,
  type PostingExpiryOptions,
} from '../lists/live-postings.ts';
import { seesMargin, withoutMargin } from '../loads/margin-visibility.ts';
import { laneSearch } from './lane-search.ts';
import { loadMatches, truckMatches } from './matches.ts';

const readsPostings = requireScope('postings:read');

/** The loads of an answer's rows as the caller may see them (no margin for those who may not). */
function loadsFor<Answer extends { data: object[] }>(seesIt: boolean, answer: Answer): Answer {
  if (seesIt) return answer;
  return {
    ...answer,
    data: answer.data.map((row) =>
      'load' in row ? { ...row, load: withoutMargin(row.load as object) } : row,
    ),
  };
}

const idParams = (noun: string) =>
  z.object({ id: z.coerce.number().int().positive(`${noun} id must be a positive integer`) });

/**
 * GET /api/v1/lane-search, GET /api/v1/loads/{id}/matches and GET /api/v1/trucks/{id}/matches: read
 * postings, for members and API keys with `postings:read`, the organization always the caller's.
 */
export function laneQueries(
  options: {
    documents: DocumentStore;
    auth: AuthService;
    eventStore: EventStore;
    cache: AnswerCache;
  } & PostingExpiryOptions,
): RoutesPlugin {
  const { documents, auth, eventStore, cache } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, readsPostings));
    app.get(
      '/api/v1/lane-search',
      openToKeys(
        'postings:read',
        answers({ 200: laneSearchAnswerSchema }, { querystring: laneSearchQuerySchema }),
      ),
      async (request) => {
        const actor = await readsPostings(auth, request);
        const { orgId } = actor;
        const query = request.query;
        const now = expiryMoment(options);
        const list = query.searchType === 'trucks' ? liveLists.trucks : liveLists.loads;
        const answer = query.asOf
          ? await laneSearch(documents, orgId, query, await resolveAsOf(eventStore, orgId, query.asOf))
          : // Nothing in a search's answer depends on the day: the key is the organization and the query.
            // It holds until the commit that changes the list, or the next posting's expiry moment.
            await cache.answer(
              listAnswerKey('lane-search', orgId, '', query),
              () => laneSearch(documents, orgId, query, null, now),
              await cachedNextExpiry(cache, documents, list, orgId, now),
            );
        return loadsFor(seesMargin(actor), answer);
      },
    );
    app.get(
      '/api/v1/loads/:id/matches',
      openToKeys(
        'postings:read',
        answers({ 200: matchesAnswerSchema }, { params: idParams('Load'), querystring: matchesQuerySchema }),
      ),
      async (request) => {
        const { orgId } = await readsPostings(auth, request);
        const key = listAnswerKey('load-matches', orgId, String(request.params.id), request.query);
        // Until the next commit, or the next expiry moment of the load or of a truck.
        const now = expiryMoment(options);
        return cache.answer(
          key,
          () => loadMatches(documents, orgId, request.params.id, request.query, now),
          await nextExpiryOfBoth(cache, documents, orgId, now),
        );
      },
    );
    app.get(
      '/api/v1/trucks/:id/matches',
      openToKeys(
        'postings:read',
        answers({ 200: matchesAnswerSchema }, { params: idParams('Truck'), querystring: matchesQuerySchema }),
      ),
      async (request) => {
        const actor = await readsPostings(auth, request);
        const { orgId } = actor;
        const key = listAnswerKey('truck-matches', orgId, String(request.params.id), request.query);
        const now = expiryMoment(options);
        return loadsFor(
          seesMargin(actor),
          await cache.answer(
            key,
            () => truckMatches(documents, orgId, request.params.id, request.query, now),
            await nextExpiryOfBoth(cache, documents, orgId, now),
          ),
        );
      },
    );
  };
}
