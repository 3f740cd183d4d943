import type { PlatformRole } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { AdminUsersSearch } from '../admin-search';
import { adminKeys } from './admin-keys';

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  role?: PlatformRole | null;
  emailVerified: boolean;
  banned?: boolean | null;
  banReason?: string | null;
  createdAt: string;
}

export interface UserList {
  users: AdminUser[];
  total: number;
  limit?: number;
  offset?: number;
}

/** SPEC section 8: a failed listing is raised as "Error listing users". */
export const LIST_USERS_ERROR = 'Error listing users';

/** GET /api/auth/admin/list-users (the authentication service's admin plugin), pages from 1 as offsets. */
export async function listUsers(search: AdminUsersSearch, signal?: AbortSignal): Promise<UserList> {
  try {
    return await request<UserList>('/api/auth/admin/list-users', {
      search: {
        limit: search.limit,
        offset: (search.page - 1) * search.limit,
        sortBy: 'createdAt',
        sortDirection: 'desc',
        ...(search.search
          ? { searchValue: search.search, searchField: search.searchField, searchOperator: 'contains' }
          : {}),
        ...(search.role ? { filterField: 'role', filterValue: search.role, filterOperator: 'eq' } : {}),
      },
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error(LIST_USERS_ERROR, { cause: error });
  }
}

export const usersQueryOptions = (search: AdminUsersSearch) =>
  queryOptions({
    queryKey: adminKeys.userPage(search),
    queryFn: ({ signal }) => listUsers(search, signal),
    placeholderData: keepPreviousData,
  });
