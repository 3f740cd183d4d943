import { type LoadsPageAnswer, loadsPageAnswerSchema } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { toApiSearch } from '../../../components/board/board-search';
import { request } from '../../../lib/api-client';
import type { LoadsSearch } from '../loads-search';
import { LOADS_STALE_TIME, loadKeys } from './load-keys';

/** GET /api/v1/loads: one page plus the board's totals (docs/rules.md#api-calls). */
export type LoadsPage = LoadsPageAnswer;

export function getLoads(search: LoadsSearch, signal?: AbortSignal): Promise<LoadsPage> {
  return request('/api/v1/loads', { search: toApiSearch(search), signal, answer: loadsPageAnswerSchema });
}

export const loadsQueryOptions = (organizationId: string, search: LoadsSearch) =>
  queryOptions({
    queryKey: loadKeys.list(organizationId, search),
    queryFn: ({ signal }) => getLoads(search, signal),
    staleTime: LOADS_STALE_TIME,
    placeholderData: keepPreviousData,
  });
