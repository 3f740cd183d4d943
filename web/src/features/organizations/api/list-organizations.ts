import { organizationListAnswerSchema } from '@dispatch/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { OrganizationSummary } from '../types';
import { ORGANIZATION_STALE_TIME, organizationKeys } from './organization-keys';

export async function listOrganizations(): Promise<OrganizationSummary[]> {
  const response = await request('/api/v1/organization/list', { answer: organizationListAnswerSchema });
  return response.data ?? [];
}

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.list(),
    queryFn: listOrganizations,
    staleTime: ORGANIZATION_STALE_TIME,
  });

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
