import { loadAnswerSchema, truckAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export type PostingKindPath = 'trucks' | 'loads';

/** The query keys every list of a kind starts with (the board's pages and its expired view). */
export const expiredKey = (kind: PostingKindPath, organizationId: string, page: number) =>
  [kind, 'expired', organizationId, page] as const;

/** POST /api/v1/{kind}/{id}/refresh: re-posts it, its age starting again; an expired one is back on the board. */
export function refreshPosting({ kind, id }: { kind: PostingKindPath; id: number }) {
  return request(`/api/v1/${kind}/${id}/refresh`, {
    method: 'POST',
    body: {},
    answer: kind === 'trucks' ? truckAnswerSchema : loadAnswerSchema,
  });
}

export function useRefreshPosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshPosting,
    onSuccess: (_answer, { kind }) => {
      // The board's pages and its expired view, and the posting's own screen.
      void queryClient.invalidateQueries({ queryKey: [kind] });
    },
  });
}
