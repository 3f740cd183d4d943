import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useCallback } from 'react';
import { QueryError } from '../../../components/errors/query-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { formatDay, SearchBox } from '../../organizations';
import type { AdminOrganizationsSearch } from '../admin-search';
import { adminOrganizationsQueryOptions } from '../api/list-organizations';
import { PageButtons } from './page-buttons';

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
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          Organizations
          {organizations.isFetching ? <Spinner label="Refreshing" /> : null}
        </h1>
        <SearchBox label="Search organizations" value={search.search} onChange={onSearch} />
      </div>
      <Card className="overflow-hidden">
        {organizations.isError ? (
          <QueryError
            error={organizations.error}
            title="Could not load the organizations"
            onRetry={() => void organizations.refetch()}
            retrying={organizations.isFetching}
            className="py-12"
          />
        ) : organizations.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading organizations" />
          </div>
        ) : (
          <Table>
            <TableCaption>Organizations</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Slug</TableHead>
                <TableHead className="text-right">Members</TableHead>
                <TableHead>Owners</TableHead>
                <TableHead aria-sort={search.sort === 'asc' ? 'ascending' : 'descending'}>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="-mx-2"
                    onClick={() => update({ sort: search.sort === 'asc' ? 'desc' : 'asc', page: 1 })}
                  >
                    Created
                    <SortIcon aria-hidden />
                  </Button>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {organizations.data.data.map((organization) => (
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
            </TableBody>
          </Table>
        )}
      </Card>
      {organizations.data ? (
        <PageButtons
          label="Organizations pagination"
          page={search.page}
          limit={search.limit}
          total={organizations.data.totalCount}
          shown={organizations.data.data.length}
          onPage={(page) => update({ page })}
        />
      ) : null}
    </div>
  );
}
