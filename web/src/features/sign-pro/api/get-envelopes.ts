import { type EnvelopesPageAnswer, envelopesPageAnswerSchema } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { envelopesApiSearch } from '../envelopes-search';
import { ENVELOPES_STALE_TIME, type EnvelopeListParams, envelopeKeys } from './envelope-keys';

export type EnvelopesPage = EnvelopesPageAnswer;

/** GET /api/v1/envelopes: one page of envelopes (pages from 1). */
export function getEnvelopes(params: EnvelopeListParams, signal?: AbortSignal): Promise<EnvelopesPage> {
  const { type, ...search } = params;
  return request('/api/v1/envelopes', {
    search: envelopesApiSearch(search, type),
    signal,
    answer: envelopesPageAnswerSchema,
  });
}

export const envelopesQueryOptions = (organizationId: string, params: EnvelopeListParams) =>
  queryOptions({
    queryKey: envelopeKeys.list(organizationId, params),
    queryFn: ({ signal }) => getEnvelopes(params, signal),
    staleTime: ENVELOPES_STALE_TIME,
    placeholderData: keepPreviousData,
  });

/** The sign-pro overview's latest activity: the 8 envelopes of either type updated last. */
export const LATEST_ACTIVITY_PARAMS: EnvelopeListParams = {
  page: 1,
  limit: 8,
  orderBy: 'updatedAt',
  sort: 'desc',
};
