import type { QueryClient } from '@tanstack/react-query';
import { webhookKeys } from './webhook-keys';

/** After a change: the endpoints and their delivery logs refetch. */
export function invalidateWebhooks(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}
