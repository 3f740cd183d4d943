import type { Truck } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrucksPage } from './get-trucks';
import { patchTruckInCaches, updateTruckInPage } from './truck-cache';
import { truckKeys } from './truck-keys';
import { updateTruck } from './update-truck';

export interface SetTruckStatusInput {
  truck: Truck;
  status: boolean;
}

/** The list's availability toggle: shown at once, rolled back if the server refuses it. */
export function useSetTruckStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ truck, status }: SetTruckStatusInput) =>
      updateTruck({ id: truck.id, patch: { status, version: truck.version } }),
    onMutate: async ({ truck, status }) => {
      await queryClient.cancelQueries({ queryKey: truckKeys.lists() });
      const previous = queryClient.getQueriesData<TrucksPage>({ queryKey: truckKeys.lists() });
      queryClient.setQueriesData<TrucksPage>({ queryKey: truckKeys.lists() }, (page) =>
        page ? updateTruckInPage(page, truck.id, (cached) => ({ ...cached, status })) : page,
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, page] of context?.previous ?? []) queryClient.setQueryData(key, page);
    },
    onSuccess: (updated) => patchTruckInCaches(queryClient, updated),
    onSettled: () => queryClient.invalidateQueries({ queryKey: truckKeys.lists() }),
  });
}
