import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { accepted } from './accepted';
import { invalidateWebhooks } from './webhook-cache';

export interface RedeliverInput {
  id: string;
  eventId: string;
}

/** POST /api/v1/webhooks/{id}/redeliver (202): one event sent again, as a new attempt. */
export function redeliverWebhookEvent({ id, eventId }: RedeliverInput): Promise<void> {
  return request(`/api/v1/webhooks/${encodeURIComponent(id)}/redeliver`, {
    method: 'POST',
    body: { eventId },
    answer: accepted,
  });
}

export function useRedeliverWebhookEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhookEvent,
    onSuccess: () => invalidateWebhooks(queryClient),
  });
}
