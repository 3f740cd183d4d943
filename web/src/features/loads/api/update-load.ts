import { type Load, type LoadPatch, loadAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { patchLoadInCaches } from './load-cache';
import { loadKeys } from './load-keys';

export interface UpdateLoadInput {
  id: number;
  /** Changed fields plus the `version` the editor loaded: a stale version is refused with 409. */
  patch: LoadPatch;
}

export function updateLoad({ id, patch }: UpdateLoadInput): Promise<Load> {
  return request(`/api/v1/loads/${id}`, { method: 'PATCH', body: patch, answer: loadAnswerSchema });
}

export function useUpdateLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLoad,
    onSuccess: (load) => {
      patchLoadInCaches(queryClient, load);
      void queryClient.invalidateQueries({ queryKey: loadKeys.lists() });
    },
  });
}
