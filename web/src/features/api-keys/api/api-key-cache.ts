import type { QueryClient } from '@tanstack/react-query';
import { apiKeyKeys } from './api-key-keys';

/** After a change: the list refetches. */
export function invalidateApiKeys(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
}
