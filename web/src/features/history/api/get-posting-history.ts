import { type HistoryEntry, historyAnswerSchema } from '@dispatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export type PostingKind = 'trucks' | 'loads';

/** One event of a posting's life: GET /api/v1/{trucks|loads}/{id}/history. */
export type { HistoryEntry };
/** One field an event changed. */
export type FieldChange = HistoryEntry['changes'][number];

export const historyKeys = {
  all: ['history'] as const,
  ofKind: (kind: PostingKind) => ['history', kind] as const,
  posting: (kind: PostingKind, organizationId: string, id: number) =>
    ['history', kind, organizationId, id] as const,
};

export function getPostingHistory(kind: PostingKind, id: number, signal?: AbortSignal) {
  return request(`/api/v1/${kind}/${id}/history`, { signal, answer: historyAnswerSchema });
}

export const postingHistoryQueryOptions = (kind: PostingKind, organizationId: string, id: number) =>
  queryOptions({
    queryKey: historyKeys.posting(kind, organizationId, id),
    queryFn: ({ signal }) => getPostingHistory(kind, id, signal).then((response) => response.data),
  });
