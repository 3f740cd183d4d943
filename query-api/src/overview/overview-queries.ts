import type { AuthService } from '@dispatch/auth';
import { answers } from '@dispatch/auth/http/answers';
import { parseInput } from '@dispatch/auth/http/boundary';
import { requireOrganization } from '@dispatch/auth/http/request-context';
import { monthlyCountsAnswerSchema, overviewQuerySchema, postingTotalsAnswerSchema } from '@dispatch/domain';
import type { DocumentStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { organizationTimeZone } from '../organizations/organization-time-zone.ts';
import { withoutMinPosition } from '../read-your-writes.ts';
import { monthlyCounts } from './monthly-counts.ts';
import { postingTotals } from './posting-totals.ts';

/** The overview dashboard (SPEC section 7: its paths are ours, see the README). */
export function overviewQueries(options: {
  documents: DocumentStore;
  auth: AuthService;
}): FastifyPluginAsync {
  const { documents, auth } = options;
  return async (app) => {
    app.get(
      '/api/v1/overview/monthly-counts',
      answers({ 200: monthlyCountsAnswerSchema }),
      async (request) => {
        const { orgId } = await requireOrganization(auth, request);
        const query = parseInput(overviewQuerySchema, withoutMinPosition(request.query), 'query');
        const timeZone = await organizationTimeZone(documents, orgId);
        return { success: true, data: await monthlyCounts(documents, orgId, timeZone, query, new Date()) };
      },
    );

    app.get('/api/v1/overview/totals', answers({ 200: postingTotalsAnswerSchema }), async (request) => {
      const { orgId } = await requireOrganization(auth, request);
      parseInput(z.object({}).strict(), withoutMinPosition(request.query), 'query');
      const data = await postingTotals(documents, orgId);
      return { success: true, data };
    });
  };
}
