import { radiusSearchAnswerSchema } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { toApiSearch } from '../../../components/board/board-search';
import { request } from '../../../lib/api-client';
import type { RadiusSearch } from '../radius-search';
import { RADIUS_STALE_TIME, radiusKeys } from './radius-keys';

/** The query string of a search: `around` means something for loads only, `status` for trucks only. */
export function radiusApiSearch(search: RadiusSearch) {
  const { around, status, ...rest } = search;
  return toApiSearch(search.searchType === 'loads' ? { ...rest, around } : { ...rest, status });
}

/** GET /api/v1/radius-search: the postings around a city, nearest first. */
export function getRadiusSearch(search: RadiusSearch, signal?: AbortSignal) {
  return request('/api/v1/radius-search', {
    search: radiusApiSearch(search),
    signal,
    answer: radiusSearchAnswerSchema,
  });
}

export const radiusSearchQueryOptions = (organizationId: string, search: RadiusSearch) =>
  queryOptions({
    queryKey: radiusKeys.search(organizationId, search),
    queryFn: ({ signal }) => getRadiusSearch(search, signal),
    staleTime: RADIUS_STALE_TIME,
    placeholderData: keepPreviousData,
    // The route's loader has just asked (and a refusal, 400, would only be refused again): a failed
    // search is not asked a second time as the page mounts. "Try again" and the next visit ask anew.
    retryOnMount: false,
  });
