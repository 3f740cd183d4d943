import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noContent, request } from '../../../lib/api-client';
import { removeLoadFromCaches } from './load-cache';
import { loadKeys } from './load-keys';

export interface RemoveLoadInput {
  id: number;
  /** The version the dispatcher saw: removing a load someone just changed is refused with 409. */
  version: number;
}

export function removeLoad({ id, version }: RemoveLoadInput): Promise<void> {
  return request(`/api/v1/loads/${id}`, { method: 'DELETE', search: { version }, answer: noContent });
}

export function useRemoveLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLoad,
    onSuccess: (_result, { id }) => {
      removeLoadFromCaches(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: loadKeys.lists() });
    },
  });
}
