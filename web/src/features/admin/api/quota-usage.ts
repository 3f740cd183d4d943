import {
  type OrganizationLimitsInput,
  organizationLimitsAnswerSchema,
  organizationUsageAnswerSchema,
} from '@dispatch/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** What an organization sent in the last hour and day, and the limits it is held to. */
export const organizationUsageQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: adminKeys.usage(organizationId),
    queryFn: async ({ signal }) =>
      (
        await request(`/api/v1/admin/organizations/${encodeURIComponent(organizationId)}/usage`, {
          signal,
          answer: organizationUsageAnswerSchema,
        })
      ).data,
    refetchInterval: 30_000,
  });

export function useSetOrganizationLimits(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: OrganizationLimitsInput) =>
      request(`/api/v1/admin/organizations/${encodeURIComponent(organizationId)}/limits`, {
        method: 'POST',
        body: limits,
        answer: organizationLimitsAnswerSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.usage(organizationId) }),
  });
}
