import { type TrucksPageAnswer, trucksPageAnswerSchema } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { toApiSearch } from '../../../components/board/board-search';
import { request } from '../../../lib/api-client';
import type { TrucksSearch } from '../trucks-search';
import { TRUCKS_STALE_TIME, truckKeys } from './truck-keys';

/** GET /api/v1/trucks: one page plus the board's totals. */
export type TrucksPage = TrucksPageAnswer;

export function getTrucks(search: TrucksSearch, signal?: AbortSignal): Promise<TrucksPage> {
  return request('/api/v1/trucks', { search: toApiSearch(search), signal, answer: trucksPageAnswerSchema });
}

export const trucksQueryOptions = (organizationId: string, search: TrucksSearch) =>
  queryOptions({
    queryKey: truckKeys.list(organizationId, search),
    queryFn: ({ signal }) => getTrucks(search, signal),
    staleTime: TRUCKS_STALE_TIME,
    placeholderData: keepPreviousData,
  });
