import { type MemberView, membersPageAnswerSchema, type PagedList } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { MembersParams } from '../members-search';
import { ORGANIZATION_STALE_TIME, organizationKeys } from './organization-keys';

export function getMembers(params: MembersParams, signal?: AbortSignal): Promise<PagedList<MemberView>> {
  return request('/api/v1/organization/list-members', {
    search: params,
    signal,
    answer: membersPageAnswerSchema,
  });
}

export const membersQueryOptions = (organizationId: string, params: MembersParams) =>
  queryOptions({
    queryKey: organizationKeys.memberPage(organizationId, params),
    queryFn: ({ signal }) => getMembers(params, signal),
    staleTime: ORGANIZATION_STALE_TIME,
    placeholderData: keepPreviousData,
  });
