import { type LiveChange, type PostingKind, type PostingListPage, patchPostingPage } from '@dispatch/domain';
import type { Query, QueryClient } from '@tanstack/react-query';
import { answerPositionOf, noteAnswerPosition } from '../../lib/event-position';

/**
 * A notice of trucks or loads on the cached pages of their list (query keys `[kind, 'list',
 * organizationId, search]`): each page the notice's rows can be placed in is patched where it is, and
 * only the others are read again (docs/decisions.md, "Live rows"). A page being read right now, or
 * marked stale already, is left to that read. Returns when the reads it asked for are done.
 */
export function patchPostingLists(
  queryClient: QueryClient,
  kind: PostingKind,
  change: LiveChange | undefined,
): Promise<void> {
  const listKey = [kind, 'list'];
  if (!change) return queryClient.invalidateQueries({ queryKey: listKey });
  const position = BigInt(change.position);
  const reread: Query[] = [];
  for (const query of queryClient.getQueryCache().findAll({ queryKey: listKey })) {
    const page = query.state.data as PostingListPage | undefined;
    const search = query.queryKey[3];
    const answered = answerPositionOf(page);
    if (answered !== undefined && answered >= position) continue;
    if (
      !page ||
      query.queryKey[2] !== change.orgId ||
      typeof search !== 'object' ||
      search === null ||
      query.state.fetchStatus !== 'idle' ||
      query.state.isInvalidated
    ) {
      reread.push(query);
      continue;
    }
    const patch = patchPostingPage(kind, search as Record<string, unknown>, page, change);
    if (patch.outcome === 'refetch') {
      reread.push(query);
      continue;
    }
    // The page now reflects the notice: a notice at or before it finds nothing to do.
    noteAnswerPosition(patch.outcome === 'patched' ? patch.page : page, change.position);
    if (patch.outcome === 'patched') {
      queryClient.setQueryData(query.queryKey, patch.page);
      noteAnswerPosition(query.state.data, change.position);
    }
  }
  return Promise.all(
    reread.map((query) => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true })),
  ).then(() => undefined);
}
