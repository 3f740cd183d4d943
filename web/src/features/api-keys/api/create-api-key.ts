import {
  type ApiKeyCreatedAnswer,
  type ApiKeyCreateInput,
  apiKeyCreatedAnswerSchema,
} from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateApiKeys } from './api-key-cache';

/** POST /api/v1/api-keys: the key and its secret, which this answer alone ever carries. */
export function createApiKey(input: ApiKeyCreateInput): Promise<ApiKeyCreatedAnswer> {
  return request('/api/v1/api-keys', { method: 'POST', body: input, answer: apiKeyCreatedAnswerSchema });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer holds a secret shown once: the dialog keeps it, the mutation cache does not.
    gcTime: 0,
    mutationFn: createApiKey,
    onSuccess: () => invalidateApiKeys(queryClient),
  });
}
