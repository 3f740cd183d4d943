import { memberRoleLabels } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, FileSignature, MailPlus, Package, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/errors/query-error';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ListTable, TableCell, TableRow } from '../../../components/ui/table';
import { formatDay, MemberPhone } from '../../organizations';
import { adminOrganizationQueryOptions } from '../api/get-organization';
import { OrganizationQuotas } from './organization-quotas';

function BoardCount({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm text-muted-foreground">{label}</p>
        <p className="text-xl font-semibold tabular-nums">{value.toLocaleString()}</p>
      </div>
    </Card>
  );
}

const platformRoleLabels = { user: 'User', owner: 'Owner', super_admin: 'Super admin' } as const;

/**
 * One organization as a platform admin looks at it: read only, without joining it. Its settings,
 * what its boards hold and who is in it; nothing here changes it.
 */
export function AdminOrganization({ organizationId }: { organizationId: string }) {
  const organization = useQuery(adminOrganizationQueryOptions(organizationId));

  const back = (
    <Link
      to="/admin/organizations"
      className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden />
      All organizations
    </Link>
  );

  if (organization.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Card>
          <QueryError
            error={organization.error}
            title="Could not load the organization"
            onRetry={() => void organization.refetch()}
            retrying={organization.isFetching}
            className="py-12"
          />
        </Card>
      </div>
    );
  }
  if (organization.isPending) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <div className="flex justify-center py-12">
          <Spinner label="Loading the organization" />
        </div>
      </div>
    );
  }

  const { data } = organization;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        {back}
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight break-words">
            {data.name}
            {organization.isFetching ? <Spinner label="Refreshing" /> : null}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            /{data.slug} · {data.timeZone.replaceAll('_', ' ')} · created {formatDay(data.createdAt)} · read
            only
          </p>
        </div>
      </div>

      <section aria-labelledby="admin-organization-boards" className="flex flex-col gap-3">
        <h2 id="admin-organization-boards" className="text-base font-semibold">
          Boards
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <BoardCount label="Trucks" value={data.boards.trucks} icon={<Truck aria-hidden />} />
          <BoardCount label="Loads" value={data.boards.loads} icon={<Package aria-hidden />} />
          <BoardCount label="Envelopes" value={data.boards.envelopes} icon={<FileSignature aria-hidden />} />
          <BoardCount
            label="Invited"
            value={data.boards.pendingInvitations}
            icon={<MailPlus aria-hidden />}
          />
        </div>
      </section>

      <section aria-labelledby="admin-organization-sending" className="flex flex-col gap-3">
        <h2 id="admin-organization-sending" className="text-base font-semibold">
          Sending
        </h2>
        <OrganizationQuotas organizationId={organizationId} />
      </section>

      <section aria-labelledby="admin-organization-members" className="flex flex-col gap-3">
        <h2 id="admin-organization-members" className="text-base font-semibold">
          Members <span className="font-normal text-muted-foreground tabular-nums">({data.memberCount})</span>
        </h2>
        <Card className="overflow-hidden">
          <ListTable
            caption={
              <>
                Members of {data.name}
                {data.memberCount > data.members.length ? `, the first ${data.members.length}` : ''}
              </>
            }
            columns={[
              { name: 'Name' },
              { name: 'Email' },
              { name: 'Phone', className: 'hidden md:table-cell' },
              { name: 'Role' },
              { name: 'Platform role', className: 'hidden sm:table-cell' },
              { name: 'Joined', className: 'hidden sm:table-cell' },
            ]}
          >
            {data.members.map((member) => (
              <TableRow key={member.id} data-testid="admin-member-row">
                <TableCell className="font-medium">{member.user.name}</TableCell>
                <TableCell className="text-muted-foreground">{member.user.email}</TableCell>
                <TableCell className="hidden text-muted-foreground md:table-cell">
                  <MemberPhone phone={member.user.phoneNumber} />
                </TableCell>
                <TableCell>{memberRoleLabels[member.role]}</TableCell>
                <TableCell className="hidden text-muted-foreground sm:table-cell">
                  {platformRoleLabels[member.user.role ?? 'user']}
                </TableCell>
                <TableCell className="hidden text-muted-foreground tabular-nums sm:table-cell">
                  {formatDay(member.createdAt)}
                </TableCell>
              </TableRow>
            ))}
          </ListTable>
        </Card>
      </section>
    </div>
  );
}
