import { type ActivityPageAnswer, activityPageAnswerSchema } from '@dispatch/domain';
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { buildUrl, request } from '../../../lib/api-client';
import type { ActivityParams } from '../activity-search';
import { ACTIVITY_STALE_TIME, activityKeys } from './activity-keys';

/** GET /api/v1/activity: one page of the log, newest first, older than `before` when given. */
export function getActivity(
  params: ActivityParams,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<ActivityPageAnswer> {
  return request('/api/v1/activity', {
    search: { ...params, before },
    signal,
    answer: activityPageAnswerSchema,
  });
}

/** The log page by page: "Load older" fetches the page before the last one's cursor. */
export const activityQueryOptions = (organizationId: string, params: ActivityParams) =>
  infiniteQueryOptions({
    queryKey: activityKeys.list(organizationId, params),
    queryFn: ({ pageParam, signal }) => getActivity(params, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: ACTIVITY_STALE_TIME,
  });

/** The CSV export of the same filters (a download, not a call the page parses). */
export const activityExportUrl = (params: ActivityParams) => buildUrl('/api/v1/activity/export.csv', params);

/** After a change: the logs open refetch their pages. */
export const invalidateActivity = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: activityKeys.lists() });
