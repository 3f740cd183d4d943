import { type SavedSearchesAnswer, savedSearchesAnswerSchema } from '@dispatch/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { SAVED_SEARCHES_STALE_TIME, savedSearchKeys } from './saved-search-keys';

/** GET /api/v1/saved-searches: the signed-in user's saved searches in the active organization. */
export function getSavedSearches(signal?: AbortSignal): Promise<SavedSearchesAnswer> {
  return request('/api/v1/saved-searches', { signal, answer: savedSearchesAnswerSchema });
}

export const savedSearchesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: savedSearchKeys.list(organizationId),
    queryFn: ({ signal }) => getSavedSearches(signal),
    staleTime: SAVED_SEARCHES_STALE_TIME,
  });

export const useSavedSearches = (organizationId: string) =>
  useQuery(savedSearchesQueryOptions(organizationId));
