import type { QueryClient } from '@tanstack/react-query';
import { organizationKeys } from './organization-keys';

/**
 * What a change to members, invitations or the organization refreshes. Member ids are strings, so
 * these refresh every page of their kind (active queries refetch at once, the rest go stale).
 */
export function invalidateMembers(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: organizationKeys.members() }),
    // A role change or removal may concern the viewer: their role, organizations and guards follow.
    queryClient.invalidateQueries({ queryKey: organizationKeys.activeMembers() }),
    queryClient.invalidateQueries({ queryKey: ['organizations', 'active'] }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
  ]).then(() => undefined);
}

export function invalidateInvitations(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: organizationKeys.invitations() }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.userInvitations() }),
  ]).then(() => undefined);
}

export function invalidateOrganization(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['organizations', 'active'] }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
  ]).then(() => undefined);
}
