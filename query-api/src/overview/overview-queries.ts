import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireOrganization } from '@dispatch/auth';
import {
  localDateOf,
  monthlyCountsAnswerSchema,
  overviewQuerySchema,
  overviewTotalsQuerySchema,
  postingTotalsAnswerSchema,
} from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { type AnswerCache, listAnswerKey } from '../answer-cache.ts';
import { resolveAsOf } from '../as-of/moment.ts';
import { cachedTimeZone } from '../organizations/organization-time-zone.ts';
import { AS_OF_BEING_REBUILT, requireGroupServing } from '../rebuilding.ts';
import { monthlyCounts } from './monthly-counts.ts';
import { monthlyCountsAsOf, postingTotalsAsOf } from './overview-as-of.ts';
import { postingTotals } from './posting-totals.ts';

/** The overview dashboard (docs/rules.md#api-calls: its paths are ours, see docs/decisions.md). */
export function overviewQueries(options: {
  documents: DocumentStore;
  auth: AuthService;
  eventStore: EventStore;
  cache: AnswerCache;
}): RoutesPlugin {
  const { documents, auth, eventStore, cache } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireOrganization));
    app.get(
      '/api/v1/overview/monthly-counts',
      answers({ 200: monthlyCountsAnswerSchema }, { querystring: overviewQuerySchema }),
      async (request) => {
        const { orgId } = await requireOrganization(auth, request);
        const query = request.query;
        const timeZone = await cachedTimeZone(cache, documents, orgId);
        if (query.asOf) await requireGroupServing(documents, 'boards', AS_OF_BEING_REBUILT);
        const asOf = await resolveAsOf(eventStore, orgId, query.asOf);
        if (asOf)
          return { success: true, data: await monthlyCountsAsOf(documents, orgId, timeZone, query, asOf) };
        const now = new Date();
        const key = listAnswerKey('monthly-counts', orgId, localDateOf(timeZone, now.toISOString()), query);
        return {
          success: true,
          data: await cache.answer(key, () => monthlyCounts(documents, orgId, timeZone, query, now)),
        };
      },
    );

    app.get(
      '/api/v1/overview/totals',
      answers({ 200: postingTotalsAnswerSchema }, { querystring: overviewTotalsQuerySchema }),
      async (request) => {
        const { orgId } = await requireOrganization(auth, request);
        const query = request.query;
        if (query.asOf) await requireGroupServing(documents, 'boards', AS_OF_BEING_REBUILT);
        const asOf = await resolveAsOf(eventStore, orgId, query.asOf);
        const data = asOf
          ? await postingTotalsAsOf(documents, orgId, asOf)
          : await cache.answer(listAnswerKey('totals', orgId, '', query), () =>
              postingTotals(documents, orgId),
            );
        return { success: true, data };
      },
    );
  };
}
