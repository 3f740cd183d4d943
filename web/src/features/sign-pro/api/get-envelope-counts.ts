import {
  type EnvelopeCountsAnswer,
  type EnvelopeStatus,
  type EnvelopeType,
  envelopeCountsAnswerSchema,
  envelopeStatuses,
} from '@dispatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { ENVELOPES_STALE_TIME, envelopeKeys } from './envelope-keys';

export type EnvelopeCounts = Record<EnvelopeStatus, number>;

/** Every status with its count, zero where the answer has none. */
export function countsByStatus(data: EnvelopeCountsAnswer['data']): EnvelopeCounts {
  const counts = Object.fromEntries(envelopeStatuses.map((status) => [status, 0])) as EnvelopeCounts;
  for (const { envelopeStatus, count } of data) counts[envelopeStatus] = count;
  return counts;
}

/** GET /api/v1/envelopes/counts?type=driver|client. */
export async function getEnvelopeCounts(type: EnvelopeType, signal?: AbortSignal): Promise<EnvelopeCounts> {
  const answer = await request('/api/v1/envelopes/counts', {
    search: { type },
    signal,
    answer: envelopeCountsAnswerSchema,
  });
  return countsByStatus(answer.data);
}

export const envelopeCountsQueryOptions = (organizationId: string, type: EnvelopeType) =>
  queryOptions({
    queryKey: envelopeKeys.countsOf(organizationId, type),
    queryFn: ({ signal }) => getEnvelopeCounts(type, signal),
    staleTime: ENVELOPES_STALE_TIME,
  });
