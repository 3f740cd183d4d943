import type { QueryClient } from '@tanstack/react-query';
import { envelopeKeys } from './envelope-keys';

/**
 * After a change (a command of this tab, or a live change notice): every envelope list, count,
 * detail and history may have moved. Active queries refetch at once; the others are only marked stale.
 */
export function invalidateEnvelopes(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: envelopeKeys.all });
}
