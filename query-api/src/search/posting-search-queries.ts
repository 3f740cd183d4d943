import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireScope } from '@dispatch/auth';
import { postingIdOf, postingSearchAnswerSchema, postingSearchQuerySchema } from '@dispatch/domain';
import { answers, openToKeys, type RoutesPlugin } from '@dispatch/http';
import { collections, type LoadDocument, type TruckDocument } from '@dispatch/read-models';
import type { Document, DocumentStore } from '@dispatch/storage';
import { expiryMoment, liveFilter, type PostingExpiryOptions, pastExpiry } from '../lists/live-postings.ts';
import { toLoad } from '../loads/loads-page.ts';
import { seesMargin, withoutMargin } from '../loads/margin-visibility.ts';
import { toTruck } from '../trucks/trucks-page.ts';

/** Members of the organization, and its API keys with the `postings:read` scope, as the lists. */
const readsPostings = requireScope('postings:read');

/**
 * `GET /api/v1/search?q=`: the organization's trucks and loads a text finds, for the command menu
 * and any client that looks a posting up by what it is called. Each kind is matched on the text the
 * boards search (`searchText`, served by its text index: a truck's name, unit number, company, city
 * and state; a load's product, customer, origin and destination), the latest changed first. A text
 * of digits ("42", "#42") also names the posting of that id, put first when it is the
 * organization's: one request, and no answer of "not found" for an id that does not exist.
 */
export function postingSearchQueries(
  options: { documents: DocumentStore; auth: AuthService } & PostingExpiryOptions,
): RoutesPlugin {
  const { documents, auth } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, readsPostings));
    app.get(
      '/api/v1/search',
      openToKeys(
        'postings:read',
        answers({ 200: postingSearchAnswerSchema }, { querystring: postingSearchQuerySchema }),
      ),
      async (request) => {
        const actor = await readsPostings(auth, request);
        const { q, limit } = request.query;
        const text = q.toLowerCase();
        const id = postingIdOf(q);
        const now = expiryMoment(options);
        const find = async <Row extends Document & { orgId: string; expiresAt: string }>(
          collection: string,
        ) => {
          // Always the caller's organization, from the session or the key; past its expiry moment, a
          // posting is off the board before the sweep expires it.
          const filter = await liveFilter(
            documents,
            collection,
            actor.orgId,
            { orgId: { eq: actor.orgId }, searchText: { contains: text } },
            now,
          );
          const [byId, byText] = await Promise.all([
            id === null ? null : documents.get<Row>(collection, String(id)),
            documents.find<Row>(collection, {
              filter,
              sort: [{ field: 'updatedAt', direction: 'desc' }],
              limit,
            }),
          ]);
          const own = byId && byId.orgId === actor.orgId && !pastExpiry(byId, now) ? [byId] : [];
          return [...own, ...byText.filter((row) => row.id !== own[0]?.id)].slice(0, limit);
        };
        const [trucks, loads] = await Promise.all([
          find<TruckDocument>(collections.trucks),
          find<LoadDocument>(collections.loads),
        ]);
        const margin = seesMargin(actor);
        return {
          success: true as const,
          trucks: trucks.map(toTruck),
          loads: loads.map((row) => (margin ? toLoad(row) : withoutMargin(toLoad(row)))),
        };
      },
    );
  };
}
