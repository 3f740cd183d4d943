import {
  type MonthlyCount,
  monthlyCountsAnswerSchema,
  type PostingKind,
  postingTotalsAnswerSchema,
} from '@dispatch/domain';
import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

/**
 * Query keys of the overview. Both read models change with every posted, edited or removed truck and
 * load, so a trucks or loads change notice invalidates all of them (see app/live-handlers.ts).
 */
export const overviewKeys = {
  all: ['overview'] as const,
  totals: (organizationId: string) => ['overview', 'totals', organizationId] as const,
  monthly: (organizationId: string, type: PostingKind, year: number) =>
    ['overview', 'monthly', organizationId, type, year] as const,
};

export const overviewTotalsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: overviewKeys.totals(organizationId),
    queryFn: ({ signal }) =>
      request('/api/v1/overview/totals', { signal, answer: postingTotalsAnswerSchema }).then(
        (response) => response.data,
      ),
  });

async function getMonthlyCounts(
  type: PostingKind,
  year: number,
  signal?: AbortSignal,
): Promise<MonthlyCount[]> {
  const response = await request('/api/v1/overview/monthly-counts', {
    search: { type, year },
    signal,
    answer: monthlyCountsAnswerSchema,
  });
  return response.data;
}

export const monthlyCountsQueryOptions = (organizationId: string, type: PostingKind, year: number) =>
  queryOptions({
    queryKey: overviewKeys.monthly(organizationId, type, year),
    queryFn: ({ signal }) => getMonthlyCounts(type, year, signal),
    // Switching year or type keeps the previous bars until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function invalidateOverview(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: overviewKeys.all });
}
