import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export type PostingKind = 'trucks' | 'loads';

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** One event of a posting's life: GET /api/v1/{trucks|loads}/{id}/history. */
export interface HistoryEntry {
  revision: number;
  position: string;
  type: string;
  occurredAt: string;
  actor: { id: string; name: string | null };
  changes: FieldChange[];
}

export const historyKeys = {
  all: ['history'] as const,
  ofKind: (kind: PostingKind) => ['history', kind] as const,
  posting: (kind: PostingKind, organizationId: string, id: number) =>
    ['history', kind, organizationId, id] as const,
};

export function getPostingHistory(kind: PostingKind, id: number, signal?: AbortSignal) {
  return request<{ success: boolean; data: HistoryEntry[] }>(`/api/v1/${kind}/${id}/history`, { signal });
}

export const postingHistoryQueryOptions = (kind: PostingKind, organizationId: string, id: number) =>
  queryOptions({
    queryKey: historyKeys.posting(kind, organizationId, id),
    queryFn: ({ signal }) => getPostingHistory(kind, id, signal).then((response) => response.data),
  });
