import type { QueryClient } from '@tanstack/react-query';
import { radiusKeyKind, radiusKeys } from './radius-keys';

/**
 * After a change notice about trucks or loads: every radius search of that kind. A posting may have
 * been posted, removed, or moved into or out of a radius; only the server knows, so the searches
 * refetch (the open ones at once, the others when next shown). Without a kind (a reconnect), all.
 */
export function invalidateRadius(queryClient: QueryClient, kind?: 'trucks' | 'loads'): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: radiusKeys.searches(),
    predicate: (query) => kind === undefined || radiusKeyKind(query.queryKey) === kind,
  });
}
