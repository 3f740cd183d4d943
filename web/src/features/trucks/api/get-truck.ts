import { type Truck, truckAnswerSchema } from '@dispatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { TRUCKS_STALE_TIME, truckKeys } from './truck-keys';

export function getTruck(id: number, signal?: AbortSignal): Promise<Truck> {
  return request(`/api/v1/trucks/${id}`, { signal, answer: truckAnswerSchema });
}

export const truckQueryOptions = (organizationId: string, id: number) =>
  queryOptions({
    queryKey: truckKeys.detail(organizationId, id),
    queryFn: ({ signal }) => getTruck(id, signal),
    staleTime: TRUCKS_STALE_TIME,
  });
