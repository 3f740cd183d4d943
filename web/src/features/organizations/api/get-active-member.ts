import { type ActiveMemberView, activeMemberAnswerSchema } from '@dispatch/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { ORGANIZATION_STALE_TIME, organizationKeys } from './organization-keys';

export async function getActiveMember(): Promise<ActiveMemberView> {
  const response = await request('/api/v1/organization/get-active-member', {
    answer: activeMemberAnswerSchema,
  });
  return response.data;
}

/** The caller's membership in the active organization: their role and what it allows. */
export const activeMemberQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.activeMember(organizationId),
    queryFn: getActiveMember,
    staleTime: ORGANIZATION_STALE_TIME,
  });

export function useActiveMember(organizationId: string) {
  return useQuery(activeMemberQueryOptions(organizationId));
}
