import { type WebhookAnswer, type WebhookPatch, webhookAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateWebhooks } from './webhook-cache';

export interface UpdateWebhookInput {
  id: string;
  /** New address, description or event types, or `enabled` to turn deliveries off or on. */
  patch: WebhookPatch;
}

/** PATCH /api/v1/webhooks/{id}. */
export function updateWebhook({ id, patch }: UpdateWebhookInput): Promise<WebhookAnswer> {
  return request(`/api/v1/webhooks/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
    answer: webhookAnswerSchema,
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => invalidateWebhooks(queryClient),
  });
}
