import { type EnvelopeAnswer, envelopeOneAnswerSchema } from '@dispatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { ENVELOPES_STALE_TIME, envelopeKeys } from './envelope-keys';

/** GET /api/v1/envelopes/{envelopeId}. */
export async function getEnvelope(envelopeId: string, signal?: AbortSignal): Promise<EnvelopeAnswer> {
  const answer = await request(`/api/v1/envelopes/${encodeURIComponent(envelopeId)}`, {
    signal,
    answer: envelopeOneAnswerSchema,
  });
  return answer.envelope;
}

export const envelopeQueryOptions = (organizationId: string, envelopeId: string) =>
  queryOptions({
    queryKey: envelopeKeys.detail(organizationId, envelopeId),
    queryFn: ({ signal }) => getEnvelope(envelopeId, signal),
    staleTime: ENVELOPES_STALE_TIME,
  });
