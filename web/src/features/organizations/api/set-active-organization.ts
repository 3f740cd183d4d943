import { okAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';

export function setActiveOrganization(organizationId: string): Promise<unknown> {
  return request('/api/v1/organization/set-active', {
    method: 'POST',
    body: { organizationId },
    answer: okAnswerSchema,
  });
}

/** Switches the session's organization; caches are keyed by organization, so nothing leaks across. */
export function useSetActiveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (organizationId: string) => {
      await setActiveOrganization(organizationId);
      return refreshSession(queryClient);
    },
  });
}
