import { fullOrganizationAnswerSchema } from '@dispatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { Organization } from '../types';
import { ORGANIZATION_STALE_TIME, organizationKeys } from './organization-keys';

export async function getActiveOrganization(): Promise<Organization | null> {
  const response = await request('/api/v1/organization/get-full-organization', {
    answer: fullOrganizationAnswerSchema,
  });
  return response.data ?? null;
}

/** Keyed by the session's active organization id, so a set-active never reads the previous one. */
export const activeOrganizationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.active(organizationId),
    queryFn: getActiveOrganization,
    staleTime: ORGANIZATION_STALE_TIME,
  });
