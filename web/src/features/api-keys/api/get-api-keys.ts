import { type ApiKeysAnswer, apiKeysAnswerSchema } from '@dispatch/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { API_KEYS_STALE_TIME, apiKeyKeys } from './api-key-keys';

/** GET /api/v1/api-keys: the organization's keys, newest first, each with its prefix only. */
export function getApiKeys(signal?: AbortSignal): Promise<ApiKeysAnswer> {
  return request('/api/v1/api-keys', { signal, answer: apiKeysAnswerSchema });
}

export const apiKeysQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: apiKeyKeys.list(organizationId),
    queryFn: ({ signal }) => getApiKeys(signal),
    staleTime: API_KEYS_STALE_TIME,
  });

export const useApiKeys = (organizationId: string) => useQuery(apiKeysQueryOptions(organizationId));
