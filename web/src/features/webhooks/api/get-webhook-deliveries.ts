import { type WebhookDeliveriesAnswer, webhookDeliveriesAnswerSchema } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { DELIVERIES_REFETCH_INTERVAL, webhookKeys } from './webhook-keys';

export interface DeliveriesPage {
  page: number;
  pageSize: number;
}

/** GET /api/v1/webhooks/{id}/deliveries: one page of the endpoint's delivery attempts, newest first. */
export function getWebhookDeliveries(
  endpointId: string,
  { page, pageSize }: DeliveriesPage,
  signal?: AbortSignal,
): Promise<WebhookDeliveriesAnswer> {
  return request(`/api/v1/webhooks/${encodeURIComponent(endpointId)}/deliveries`, {
    search: { page, pageSize },
    signal,
    answer: webhookDeliveriesAnswerSchema,
  });
}

export const webhookDeliveriesQueryOptions = (
  organizationId: string,
  endpointId: string,
  paging: DeliveriesPage,
) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(organizationId, endpointId, paging.page, paging.pageSize),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, paging, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DELIVERIES_REFETCH_INTERVAL,
  });
