import { type Truck, type TruckPatch, truckAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { patchTruckInCaches } from './truck-cache';
import { truckKeys } from './truck-keys';

export interface UpdateTruckInput {
  id: number;
  /** Changed fields plus the `version` the editor loaded: a stale version is refused with 409. */
  patch: TruckPatch;
}

export function updateTruck({ id, patch }: UpdateTruckInput): Promise<Truck> {
  return request(`/api/v1/trucks/${id}`, { method: 'PATCH', body: patch, answer: truckAnswerSchema });
}

export function useUpdateTruck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTruck,
    onSuccess: (truck) => {
      patchTruckInCaches(queryClient, truck);
      void queryClient.invalidateQueries({ queryKey: truckKeys.lists() });
    },
  });
}
