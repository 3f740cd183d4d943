import { type AdminUserAnswer, type AdminUserListAnswer, adminUserListAnswerSchema } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { AdminUsersSearch } from '../admin-search';
import { adminKeys } from './admin-keys';

export type AdminUser = AdminUserAnswer;
export type UserList = AdminUserListAnswer;

/** docs/rules.md#errors: a failed listing is raised as "Error listing users". */
export const LIST_USERS_ERROR = 'Error listing users';

/** GET /api/auth/admin/list-users (the authentication service's admin plugin), pages from 1 as offsets. */
export async function listUsers(search: AdminUsersSearch, signal?: AbortSignal): Promise<UserList> {
  try {
    return await request('/api/auth/admin/list-users', {
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
      answer: adminUserListAnswerSchema,
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
