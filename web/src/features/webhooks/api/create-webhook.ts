import { type WebhookInput, type WebhookSecretAnswer, webhookSecretAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateWebhooks } from './webhook-cache';

/** POST /api/v1/webhooks: the endpoint and its signing secret, which this answer alone carries. */
export function createWebhook(input: WebhookInput): Promise<WebhookSecretAnswer> {
  return request('/api/v1/webhooks', { method: 'POST', body: input, answer: webhookSecretAnswerSchema });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer holds a secret shown once: the dialog keeps it, the mutation cache does not.
    gcTime: 0,
    mutationFn: createWebhook,
    onSuccess: () => invalidateWebhooks(queryClient),
  });
}
