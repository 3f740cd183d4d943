import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DataEnvelope, request } from '../../../lib/api-client';
import type { OrganizationSummary } from '../types';
import { ORGANIZATION_STALE_TIME, organizationKeys } from './organization-keys';

export async function listOrganizations(): Promise<OrganizationSummary[]> {
  const response = await request<DataEnvelope<OrganizationSummary[]>>('/api/v1/organization/list');
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
