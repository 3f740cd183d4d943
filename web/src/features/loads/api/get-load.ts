import { type Load, loadAnswerSchema } from '@dispatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { LOADS_STALE_TIME, loadKeys } from './load-keys';

export function getLoad(id: number, signal?: AbortSignal): Promise<Load> {
  return request(`/api/v1/loads/${id}`, { signal, answer: loadAnswerSchema });
}

export const loadQueryOptions = (organizationId: string, id: number) =>
  queryOptions({
    queryKey: loadKeys.detail(organizationId, id),
    queryFn: ({ signal }) => getLoad(id, signal),
    staleTime: LOADS_STALE_TIME,
  });
