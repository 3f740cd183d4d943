import { okAnswerSchema } from '@dispatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { organizationKeys } from './organization-keys';

/**
 * Organizations this browser is deleting: the membership watcher, which sends anyone out of an
 * organization that disappears with "You no longer have access", keeps quiet for them.
 */
export const organizationsBeingDeleted = new Set<string>();

/** Deletes the session's organization (its owner only); the session is left without one. */
export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (organizationId: string) => {
      organizationsBeingDeleted.add(organizationId);
      try {
        await request('/api/v1/organization/delete', { method: 'POST', body: {}, answer: okAnswerSchema });
      } catch (error) {
        organizationsBeingDeleted.delete(organizationId);
        throw error;
      }
      await refreshSession(queryClient);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list() });
    },
  });
}
