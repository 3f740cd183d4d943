import { laneSearchAnswerSchema, matchesAnswerSchema } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { toApiSearch } from '../../../components/board/board-search';
import { request } from '../../../lib/api-client';
import type { LaneSearch } from '../lane-search';
import { LANE_STALE_TIME, laneKeys } from './lane-keys';

/** GET /api/v1/lane-search: the postings of a lane, by deadhead then date. */
export function getLaneSearch(search: LaneSearch, signal?: AbortSignal) {
  const { status, ...rest } = search;
  return request('/api/v1/lane-search', {
    search: toApiSearch(search.searchType === 'trucks' ? { ...rest, status } : rest),
    signal,
    answer: laneSearchAnswerSchema,
  });
}

export const laneSearchQueryOptions = (organizationId: string, search: LaneSearch) =>
  queryOptions({
    queryKey: laneKeys.search(organizationId, search),
    queryFn: ({ signal }) => getLaneSearch(search, signal),
    staleTime: LANE_STALE_TIME,
    placeholderData: keepPreviousData,
    retryOnMount: false,
  });

/** GET /api/v1/trucks/{id}/matches or /api/v1/loads/{id}/matches: the other side, best first. */
export const matchesQueryOptions = (
  organizationId: string,
  kind: 'trucks' | 'loads',
  id: number,
  deadhead: number,
) =>
  queryOptions({
    queryKey: laneKeys.matches(organizationId, kind, id, deadhead),
    queryFn: ({ signal }) =>
      request(`/api/v1/${kind}/${id}/matches`, {
        search: { deadhead, limit: 50 },
        signal,
        answer: matchesAnswerSchema,
      }),
    staleTime: LANE_STALE_TIME,
    placeholderData: keepPreviousData,
  });
