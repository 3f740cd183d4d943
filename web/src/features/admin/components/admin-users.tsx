import { type PlatformRole, platformRoles } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { ListTable, TableCell, TableRow } from '../../../components/ui/table';
import { formatDay, SearchBox } from '../../organizations';
import type { AdminUsersSearch } from '../admin-search';
import { type AdminUser, usersQueryOptions } from '../api/list-users';
import { useBanUser, useSetUserRole, useUnbanUser } from '../api/user-commands';
import { AdminList } from './admin-list';

/** docs/rules.md#errors: what the page says when the users cannot be fetched. */
export const USERS_FETCH_ERROR = 'There was an error while fetching the users.';

const roleLabels: Record<PlatformRole, string> = { user: 'User', owner: 'Owner', super_admin: 'Super admin' };

function UserRow({ user, self }: { user: AdminUser; self: boolean }) {
  const setRole = useSetUserRole();
  const ban = useBanUser();
  const unban = useUnbanUser();
  const role = user.role ?? 'user';
  const fail = (error: Error) => toast.error(error.message);
  return (
    <TableRow data-testid="user-row">
      <TableCell className="font-medium">{user.name}</TableCell>
      <TableCell className="text-muted-foreground">
        {user.email}
        {user.emailVerified ? null : <span className="ml-1.5 text-xs">(unverified)</span>}
      </TableCell>
      <TableCell>
        <Select
          aria-label={`Platform role of ${user.name}`}
          className="h-8 w-36 text-xs"
          value={role}
          disabled={self || setRole.isPending}
          onChange={(event) =>
            setRole.mutate(
              { userId: user.id, role: event.target.value as PlatformRole },
              { onSuccess: () => toast.success(`${user.name}'s role is changed`), onError: fail },
            )
          }
        >
          {platformRoles.map((option) => (
            <option key={option} value={option}>
              {roleLabels[option]}
            </option>
          ))}
        </Select>
      </TableCell>
      <TableCell>{user.banned ? <span className="text-destructive">Banned</span> : 'Active'}</TableCell>
      <TableCell className="text-muted-foreground tabular-nums">{formatDay(user.createdAt)}</TableCell>
      <TableCell className="text-right">
        {self ? null : user.banned ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={unban.isPending}
            onClick={() =>
              unban.mutate(
                { userId: user.id },
                { onSuccess: () => toast.success(`${user.name} can sign in again`), onError: fail },
              )
            }
          >
            Unban
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            disabled={ban.isPending}
            onClick={() =>
              ban.mutate(
                { userId: user.id },
                { onSuccess: () => toast.success(`${user.name} is banned`), onError: fail },
              )
            }
          >
            Ban
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** Every user of the platform (the authentication service's admin list): paging, search, role, ban. */
export function AdminUsers({ search, viewerId }: { search: AdminUsersSearch; viewerId: string }) {
  const navigate = useNavigate({ from: '/admin/users' });
  const users = useQuery(usersQueryOptions(search));
  const update = useCallback(
    (change: Partial<AdminUsersSearch>) =>
      void navigate({ to: '.', search: (previous) => ({ ...previous, ...change }), replace: true }),
    [navigate],
  );
  const onSearch = useCallback((value: string | undefined) => update({ search: value, page: 1 }), [update]);

  return (
    <AdminList
      title="Users"
      controls={
        <div className="flex flex-wrap items-center gap-2">
          <Select
            aria-label="Search in"
            className="h-9 w-28"
            value={search.searchField}
            onChange={(event) => update({ searchField: event.target.value as 'email' | 'name', page: 1 })}
          >
            <option value="email">Email</option>
            <option value="name">Name</option>
          </Select>
          <SearchBox label="Search users" value={search.search} onChange={onSearch} />
          <Select
            aria-label="Platform role"
            className="h-9 w-36"
            value={search.role ?? ''}
            onChange={(event) =>
              update({ role: (event.target.value || undefined) as PlatformRole | undefined, page: 1 })
            }
          >
            <option value="">All roles</option>
            {platformRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </Select>
        </div>
      }
      query={users}
      errorTitle={USERS_FETCH_ERROR}
      loadingLabel="Loading users"
      page={search.page}
      limit={search.limit}
      counts={(data) => ({ total: data.total, shown: data.users.length })}
      onPage={(page) => update({ page })}
    >
      {(data) => (
        <ListTable
          caption="Users"
          columns={[
            { name: 'Name' },
            { name: 'Email' },
            { name: 'Role' },
            { name: 'Status' },
            { name: 'Joined' },
            { name: 'Actions', srOnly: true },
          ]}
        >
          {data.users.map((user) => (
            <UserRow key={user.id} user={user} self={user.id === viewerId} />
          ))}
        </ListTable>
      )}
    </AdminList>
  );
}
