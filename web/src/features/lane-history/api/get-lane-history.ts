import { type LaneHistoryAnswer, type LaneHistoryParams, laneHistoryAnswerSchema } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

/** Lane history's query keys, per organization (its id or slug) and lane. */
export const laneHistoryKeys = {
  all: ['lane-history'] as const,
  lane: (organization: string, params: LaneHistoryParams) => ['lane-history', organization, params] as const,
};

/** A lane's history; asked again each time it is opened, as the loads behind it change all day. */
export const laneHistoryQueryOptions = (organization: string, params: LaneHistoryParams) =>
  queryOptions({
    queryKey: laneHistoryKeys.lane(organization, params),
    staleTime: 0,
    queryFn: ({ signal }): Promise<LaneHistoryAnswer> =>
      request('/api/v1/lane-history', {
        search: Object.fromEntries(
          Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
        ) as Record<string, string>,
        signal,
        answer: laneHistoryAnswerSchema,
      }),
    // Switching bucket, unit or radius keeps the previous chart until the new one arrives.
    placeholderData: keepPreviousData,
  });
