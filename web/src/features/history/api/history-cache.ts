import type { QueryClient } from '@tanstack/react-query';
import { historyKeys, type PostingKind } from './get-posting-history';

/** After a change notice: the histories of the changed postings, or all of that kind when unknown. */
export function invalidateHistory(queryClient: QueryClient, kind: PostingKind, ids?: readonly number[]) {
  return queryClient.invalidateQueries({
    queryKey: historyKeys.ofKind(kind),
    predicate: (query) => !ids || ids.includes(query.queryKey[3] as number),
  });
}
