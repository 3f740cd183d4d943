import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { accepted } from './accepted';
import { invalidateWebhooks } from './webhook-cache';

export interface ReplayWebhookInput {
  id: string;
  /** The sequence after which every event is sent again, in order. */
  after: string;
}

/** POST /api/v1/webhooks/{id}/replay (202): the deliveries follow in the background. */
export function replayWebhook({ id, after }: ReplayWebhookInput): Promise<void> {
  return request(`/api/v1/webhooks/${encodeURIComponent(id)}/replay`, {
    method: 'POST',
    body: { after },
    answer: accepted,
  });
}

export function useReplayWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhook,
    onSuccess: () => invalidateWebhooks(queryClient),
  });
}
