import { type Load, type LoadInput, loadAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateLoads } from './load-cache';
import { loadKeys } from './load-keys';

export function postLoad(input: LoadInput): Promise<Load> {
  return request('/api/v1/loads', { method: 'POST', body: input, answer: loadAnswerSchema });
}

export function usePostLoad(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLoad,
    onSuccess: (load) => {
      queryClient.setQueryData(loadKeys.detail(organizationId, load.id), load);
      void invalidateLoads(queryClient, [load.id]);
    },
  });
}
