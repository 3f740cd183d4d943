import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useCallback } from 'react';
import { Button } from '../../../components/ui/button';
import { ListTable, TableCell, TableRow } from '../../../components/ui/table';
import { formatDay, SearchBox } from '../../organizations';
import type { AdminOrganizationsSearch } from '../admin-search';
import { adminOrganizationsQueryOptions } from '../api/list-organizations';
import { AdminList } from './admin-list';

/** Every organization of the platform with its member count and owners; each opens read only. */
export function AdminOrganizations({ search }: { search: AdminOrganizationsSearch }) {
  const navigate = useNavigate({ from: '/admin/organizations' });
  const organizations = useQuery(adminOrganizationsQueryOptions(search));
  const update = useCallback(
    (change: Partial<AdminOrganizationsSearch>) =>
      void navigate({ to: '.', search: (previous) => ({ ...previous, ...change }), replace: true }),
    [navigate],
  );
  const onSearch = useCallback((value: string | undefined) => update({ search: value, page: 1 }), [update]);
  const SortIcon = search.sort === 'asc' ? ArrowUp : ArrowDown;

  return (
    <AdminList
      title="Organizations"
      controls={<SearchBox label="Search organizations" value={search.search} onChange={onSearch} />}
      query={organizations}
      errorTitle="Could not load the organizations"
      loadingLabel="Loading organizations"
      page={search.page}
      limit={search.limit}
      counts={(data) => ({ total: data.totalCount, shown: data.data.length })}
      onPage={(page) => update({ page })}
    >
      {(data) => (
        <ListTable
          caption="Organizations"
          columns={[
            { name: 'Name' },
            { name: 'Slug' },
            { name: 'Members', className: 'text-right' },
            { name: 'Owners' },
            {
              name: 'Created',
              sort: search.sort === 'asc' ? 'ascending' : 'descending',
              head: (
                <Button
                  variant="ghost"
                  size="sm"
                  className="-mx-2"
                  onClick={() => update({ sort: search.sort === 'asc' ? 'desc' : 'asc', page: 1 })}
                >
                  Created
                  <SortIcon aria-hidden />
                </Button>
              ),
            },
          ]}
        >
          {data.data.map((organization) => (
            <TableRow key={organization.id} data-testid="organization-row">
              <TableCell className="font-medium">
                <Link
                  to="/admin/organizations/$organizationId"
                  params={{ organizationId: organization.id }}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {organization.name}
                </Link>
              </TableCell>
              <TableCell className="text-muted-foreground">/{organization.slug}</TableCell>
              <TableCell className="text-right tabular-nums">{organization.memberCount}</TableCell>
              <TableCell className="text-muted-foreground">
                {organization.owners.map((owner) => `${owner.name} (${owner.email})`).join(', ') || '—'}
              </TableCell>
              <TableCell className="text-muted-foreground tabular-nums">
                {formatDay(organization.createdAt)}
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </AdminList>
  );
}
