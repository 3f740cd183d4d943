import { type WebhookSecretAnswer, webhookSecretAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { invalidateWebhooks } from './webhook-cache';

/** POST /api/v1/webhooks/{id}/rotate-secret: a new secret, shown in this answer only; the old one signs beside it for 24 hours. */
export function rotateWebhookSecret(id: string): Promise<WebhookSecretAnswer> {
  return request(`/api/v1/webhooks/${encodeURIComponent(id)}/rotate-secret`, {
    method: 'POST',
    body: {},
    answer: webhookSecretAnswerSchema,
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer holds a secret shown once: the dialog keeps it, the mutation cache does not.
    gcTime: 0,
    mutationFn: rotateWebhookSecret,
    onSuccess: () => invalidateWebhooks(queryClient),
  });
}
