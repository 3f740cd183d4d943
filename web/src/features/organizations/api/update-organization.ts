import { organizationCommandAnswerSchema, type UpdateOrganizationInput } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { request } from '../../../lib/api-client';
import { invalidateOrganization } from './organization-cache';

export function updateOrganization(input: UpdateOrganizationInput) {
  return request('/api/v1/organization/update', {
    method: 'POST',
    body: input,
    answer: organizationCommandAnswerSchema,
  });
}

/**
 * Renames the session's organization or changes its time zone. The organization is read again
 * (at the command's position), and the routes with it: the navigation shows the new name at once.
 */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: async () => {
      await invalidateOrganization(queryClient);
      await router.invalidate();
    },
  });
}
