import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noContent, request } from '../../../lib/api-client';
import { invalidateWebhooks } from './webhook-cache';

/** DELETE /api/v1/webhooks/{id}: nothing more is delivered to it. */
export function deleteWebhook(id: string): Promise<void> {
  return request(`/api/v1/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE', answer: noContent });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => invalidateWebhooks(queryClient),
  });
}
