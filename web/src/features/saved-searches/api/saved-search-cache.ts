import type { QueryClient } from '@tanstack/react-query';
import { savedSearchKeys } from './saved-search-keys';

/** After a change (one's own, or a live notice from another tab): the lists refetch. */
export function invalidateSavedSearches(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
}
