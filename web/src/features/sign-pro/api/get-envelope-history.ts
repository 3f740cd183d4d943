import { type HistoryEntry, historyAnswerSchema } from '@dispatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { envelopeKeys } from './envelope-keys';

/** GET /api/v1/envelopes/{envelopeId}/history: the envelope's events, oldest first. */
export async function getEnvelopeHistory(envelopeId: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  const answer = await request(`/api/v1/envelopes/${encodeURIComponent(envelopeId)}/history`, {
    signal,
    answer: historyAnswerSchema,
  });
  return answer.data;
}

export const envelopeHistoryQueryOptions = (organizationId: string, envelopeId: string) =>
  queryOptions({
    queryKey: envelopeKeys.history(organizationId, envelopeId),
    queryFn: ({ signal }) => getEnvelopeHistory(envelopeId, signal),
  });

/** The signed copy (or the document as sent), a PDF the browser downloads with the session cookie. */
export const envelopeDocumentUrl = (envelopeId: string) =>
  `/api/v1/envelopes/${encodeURIComponent(envelopeId)}/document`;
