import type { AdminOrganizationsSearch, AdminUsersSearch } from '../admin-search';

export const adminKeys = {
  all: ['admin'] as const,
  overview: () => ['admin', 'overview'] as const,
  readModels: () => ['admin', 'read-models'] as const,
  readModelGroups: () => ['admin', 'read-models', 'groups'] as const,
  status: () => ['admin', 'status'] as const,
  users: () => ['admin', 'users'] as const,
  userPage: (search: AdminUsersSearch) => ['admin', 'users', search] as const,
  organizations: (search: AdminOrganizationsSearch) => ['admin', 'organizations', search] as const,
  organization: (organizationId: string) => ['admin', 'organization', organizationId] as const,
  usage: (organizationId: string) => ['admin', 'usage', organizationId] as const,
};
