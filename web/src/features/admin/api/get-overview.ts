import { adminOverviewAnswerSchema } from '@dispatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { listUsers } from './list-users';

export interface PlatformCounts {
  users: number;
  organizations: number;
  members: number;
  pendingInvitations: number;
}

/** Platform counts: organizations from the read models, users from the authentication service. */
export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: async ({ signal }): Promise<PlatformCounts> => {
      const [counts, users] = await Promise.all([
        request('/api/v1/admin/overview', { signal, answer: adminOverviewAnswerSchema }),
        listUsers({ page: 1, limit: 1, searchField: 'email' }, signal),
      ]);
      return { ...counts.data, users: users.total };
    },
  });
