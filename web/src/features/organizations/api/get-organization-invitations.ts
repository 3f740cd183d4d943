import { type InvitationView, invitationsPageAnswerSchema, type PagedList } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { InvitationsParams } from '../members-search';
import { ORGANIZATION_STALE_TIME, organizationKeys } from './organization-keys';

export function getOrganizationInvitations(
  params: InvitationsParams,
  signal?: AbortSignal,
): Promise<PagedList<InvitationView>> {
  return request('/api/v1/organization/get-organization-invitations', {
    search: params,
    signal,
    answer: invitationsPageAnswerSchema,
  });
}

export const organizationInvitationsQueryOptions = (organizationId: string, params: InvitationsParams) =>
  queryOptions({
    queryKey: organizationKeys.invitationPage(organizationId, params),
    queryFn: ({ signal }) => getOrganizationInvitations(params, signal),
    staleTime: ORGANIZATION_STALE_TIME,
    placeholderData: keepPreviousData,
  });
