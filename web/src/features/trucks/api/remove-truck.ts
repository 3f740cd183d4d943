import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noContent, request } from '../../../lib/api-client';
import { removeTruckFromCaches } from './truck-cache';
import { truckKeys } from './truck-keys';

export interface RemoveTruckInput {
  id: number;
  /** The version the dispatcher saw: removing a truck someone just changed is refused with 409. */
  version: number;
}

export function removeTruck({ id, version }: RemoveTruckInput): Promise<void> {
  return request(`/api/v1/trucks/${id}`, { method: 'DELETE', search: { version }, answer: noContent });
}

export function useRemoveTruck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTruck,
    onSuccess: (_result, { id }) => {
      removeTruckFromCaches(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: truckKeys.lists() });
    },
  });
}
