import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noContent, request } from '../../../lib/api-client';
import { invalidateApiKeys } from './api-key-cache';

/** DELETE /api/v1/api-keys/{id}: the key stops working at once, everywhere. */
export function revokeApiKey(id: string): Promise<void> {
  return request(`/api/v1/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE', answer: noContent });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => invalidateApiKeys(queryClient),
  });
}
