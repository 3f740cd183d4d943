import { type Truck, type TruckInput, truckAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateTrucks } from './truck-cache';
import { truckKeys } from './truck-keys';

export function postTruck(input: TruckInput): Promise<Truck> {
  return request('/api/v1/trucks', { method: 'POST', body: input, answer: truckAnswerSchema });
}

export function usePostTruck(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTruck,
    onSuccess: (truck) => {
      queryClient.setQueryData(truckKeys.detail(organizationId, truck.id), truck);
      void invalidateTrucks(queryClient, [truck.id]);
    },
  });
}
