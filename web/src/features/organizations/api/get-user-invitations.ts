import { type InvitationView, invitationsPageAnswerSchema, type PagedList } from '@dispatch/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { organizationKeys } from './organization-keys';

/** Open invitations addressed to the signed-in user, from any organization. */
export function getUserInvitations(signal?: AbortSignal): Promise<PagedList<InvitationView>> {
  return request('/api/v1/organization/get-user-invitations', {
    search: { status: 'pending', limit: 50 },
    signal,
    answer: invitationsPageAnswerSchema,
  });
}

export const userInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.userInvitations(),
    queryFn: ({ signal }) => getUserInvitations(signal),
    // Someone waiting on onboarding sees a new invitation when they come back to the tab.
    staleTime: 10_000,
  });

export function useUserInvitations() {
  return useQuery(userInvitationsQueryOptions());
}
