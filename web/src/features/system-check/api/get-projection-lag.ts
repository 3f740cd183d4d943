import { projectionLagAnswerSchema } from '@dispatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { systemCheckKeys } from './system-check-keys';

/** How far the read models are behind the log; followed every 5 s while the page is open. */
export const projectionLagQueryOptions = () =>
  queryOptions({
    queryKey: systemCheckKeys.lag(),
    queryFn: async ({ signal }) =>
      (await request('/api/v1/testing/lag', { signal, answer: projectionLagAnswerSchema })).data,
    refetchInterval: 5000,
    staleTime: 0,
  });
