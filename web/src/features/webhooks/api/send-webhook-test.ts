import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { accepted } from './accepted';
import { invalidateWebhooks } from './webhook-cache';

/** POST /api/v1/webhooks/{id}/test: a `webhook.test` delivery, made in the background (202). */
export function sendWebhookTest(id: string): Promise<void> {
  return request(`/api/v1/webhooks/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    body: {},
    answer: accepted,
  });
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: () => invalidateWebhooks(queryClient),
  });
}
