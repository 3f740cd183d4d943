import type { Truck } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { toApiSearch } from '../../board/board-search';
import type { TrucksSearch } from '../trucks-search';
import { TRUCKS_STALE_TIME, truckKeys } from './truck-keys';

/** GET /api/v1/trucks: one page plus the board's totals. */
export interface TrucksPage {
  success: boolean;
  count: number;
  totalCount: number;
  totalPages: number;
  totalTrucksCreatedToday: number;
  totalTrucksCreatedYesterday: number;
  totalAvailableToday: number;
  totalAvailableYesterday: number;
  limit: number;
  page: number;
  data: Truck[];
}

export function getTrucks(search: TrucksSearch, signal?: AbortSignal): Promise<TrucksPage> {
  return request<TrucksPage>('/api/v1/trucks', { search: toApiSearch(search), signal });
}

export const trucksQueryOptions = (organizationId: string, search: TrucksSearch) =>
  queryOptions({
    queryKey: truckKeys.list(organizationId, search),
    queryFn: ({ signal }) => getTrucks(search, signal),
    staleTime: TRUCKS_STALE_TIME,
    placeholderData: keepPreviousData,
  });
