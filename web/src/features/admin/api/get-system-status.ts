import { systemStatusAnswerSchema } from '@dispatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** How often the overview asks again: lag and throughput read live without a socket of their own. */
export const SYSTEM_STATUS_REFRESH_MS = 3000;

/** The platform's health: event store head, projector checkpoint and lag, throughput, read models, live connections. */
export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.status(),
    queryFn: async ({ signal }) =>
      (await request('/api/v1/admin/status', { signal, answer: systemStatusAnswerSchema })).data,
    refetchInterval: SYSTEM_STATUS_REFRESH_MS,
    staleTime: 0,
  });
