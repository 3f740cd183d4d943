import type { QueryClient } from '@tanstack/react-query';
import { laneKeys } from './lane-keys';

/** After a change notice about trucks or loads (or a reconnect): every lane search and every list of matches. */
export function invalidateLanes(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: laneKeys.all });
}
