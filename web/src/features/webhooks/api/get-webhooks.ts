import { type WebhooksAnswer, webhooksAnswerSchema } from '@dispatch/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { WEBHOOKS_REFETCH_INTERVAL, WEBHOOKS_STALE_TIME, webhookKeys } from './webhook-keys';

/** GET /api/v1/webhooks: the organization's endpoints, each with its status and last attempt. */
export function getWebhooks(signal?: AbortSignal): Promise<WebhooksAnswer> {
  return request('/api/v1/webhooks', { signal, answer: webhooksAnswerSchema });
}

export const webhooksQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: webhookKeys.list(organizationId),
    queryFn: ({ signal }) => getWebhooks(signal),
    staleTime: WEBHOOKS_STALE_TIME,
    refetchInterval: WEBHOOKS_REFETCH_INTERVAL,
  });

export const useWebhooks = (organizationId: string) => useQuery(webhooksQueryOptions(organizationId));
