import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Building2, MailPlus, Users, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/errors/query-error';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { adminOverviewQueryOptions } from '../api/get-overview';
import { ReadModelsCard } from './read-models-card';
import { SystemStatusCard } from './system-status-card';

function Count({
  label,
  value,
  icon,
  to,
}: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  to?: string;
}) {
  const body = (
    <Card className="flex items-center gap-4 p-5">
      <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
        {icon}
      </span>
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums">{value?.toLocaleString() ?? '—'}</p>
      </div>
    </Card>
  );
  return to ? (
    <Link
      to={to}
      className="rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {body}
    </Link>
  ) : (
    body
  );
}

/** The platform at a glance. */
export function AdminOverview() {
  const overview = useQuery(adminOverviewQueryOptions());
  return (
    <div className="flex flex-col gap-6">
      <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
        Platform
        {overview.isFetching ? <Spinner label="Refreshing" /> : null}
      </h1>
      {overview.isError ? (
        <Card>
          <QueryError
            error={overview.error}
            title="Could not load the platform counts"
            onRetry={() => void overview.refetch()}
            retrying={overview.isFetching}
          />
        </Card>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Count
          label="Users"
          value={overview.data?.users}
          icon={<Users className="size-5" aria-hidden />}
          to="/admin/users"
        />
        <Count
          label="Organizations"
          value={overview.data?.organizations}
          icon={<Building2 className="size-5" aria-hidden />}
          to="/admin/organizations"
        />
        <Count
          label="Memberships"
          value={overview.data?.members}
          icon={<UsersRound className="size-5" aria-hidden />}
        />
        <Count
          label="Open invitations"
          value={overview.data?.pendingInvitations}
          icon={<MailPlus className="size-5" aria-hidden />}
        />
      </div>
      <SystemStatusCard />
      <ReadModelsCard />
    </div>
  );
}
