import {
  type EnvelopeType,
  envelopeStatuses,
  envelopeStatusLabels,
  envelopeTypeLabels,
  openEnvelopeStatuses,
  templateLabels,
} from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, FileSignature, Truck, UserPlus, Users } from 'lucide-react';
import { RelativeTime } from '../../../components/board/board-cells';
import { QueryError } from '../../../components/errors/query-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useNow } from '../../../lib/use-now';
import { envelopeCountsQueryOptions } from '../api/get-envelope-counts';
import { envelopesQueryOptions, LATEST_ACTIVITY_PARAMS } from '../api/get-envelopes';
import { receiverContact } from '../format';
import { useStatusNotices } from '../use-status-notices';
import { EnvelopeStatusChip, statusDots } from './envelope-status-chip';

const tables = {
  driver: { to: '/$orgSlug/sign-pro/drivers', title: 'Drivers', icon: Truck },
  client: { to: '/$orgSlug/sign-pro/clients', title: 'Clients', icon: Users },
} as const;

const linkClass = 'inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline';

/** One type's envelopes counted by status; each count opens the table filtered to that status. */
function CountsCard({
  organizationId,
  orgSlug,
  type,
}: {
  organizationId: string;
  orgSlug: string;
  type: EnvelopeType;
}) {
  const { data, error, refetch, isFetching, isPending } = useQuery(
    envelopeCountsQueryOptions(organizationId, type),
  );
  const table = tables[type];
  const Icon = table.icon;
  const total = data ? envelopeStatuses.reduce((sum, status) => sum + data[status], 0) : undefined;
  const waiting = data ? openEnvelopeStatuses.reduce((sum, status) => sum + data[status], 0) : undefined;
  return (
    <Card className="flex min-w-0 flex-col" aria-labelledby={`counts-${type}`}>
      <div className="flex items-start justify-between gap-4 px-5 pt-4">
        <div>
          <h2 id={`counts-${type}`} className="text-base font-semibold tracking-tight">
            {table.title}
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {total === undefined
              ? 'Counting…'
              : `${total.toLocaleString()} sent · ${waiting?.toLocaleString()} waiting to be signed`}
          </p>
        </div>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-4" aria-hidden />
        </span>
      </div>
      {error ? (
        <QueryError
          error={error}
          title={`Could not count the ${table.title.toLowerCase()} envelopes`}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <ul className="grid grid-cols-3 gap-2 px-5 py-4 sm:grid-cols-4">
          {envelopeStatuses.map((status) => (
            <li key={status}>
              <Link
                to={table.to}
                params={{ orgSlug }}
                search={{ status: [status] }}
                className="flex flex-col gap-1 rounded-lg border border-border px-3 py-2 transition-colors hover:bg-accent"
              >
                <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <span aria-hidden className={cn('size-1.5 rounded-full', statusDots[status])} />
                  {envelopeStatusLabels[status]}
                </span>
                <span className="text-xl font-semibold tabular-nums" data-count={status}>
                  {isPending || !data ? '–' : data[status].toLocaleString()}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-border px-5 py-3">
        <Link to={table.to} params={{ orgSlug }} className={linkClass}>
          Open the {table.title.toLowerCase()} table <ArrowRight className="size-3.5" aria-hidden />
        </Link>
        <Link
          to={type === 'driver' ? '/$orgSlug/sign-pro/onboard-driver' : '/$orgSlug/sign-pro/onboard-client'}
          params={{ orgSlug }}
          className={linkClass}
        >
          Onboard a {envelopeTypeLabels[type].toLowerCase()}
        </Link>
      </div>
    </Card>
  );
}

/** The 8 envelopes updated last, of both types. */
function LatestActivity({ organizationId, orgSlug }: { organizationId: string; orgSlug: string }) {
  const query = useQuery(envelopesQueryOptions(organizationId, LATEST_ACTIVITY_PARAMS));
  const now = useNow();
  useStatusNotices(organizationId, 'latest-activity', query.data?.data, query.isPlaceholderData);
  return (
    <section aria-labelledby="latest-activity" className="flex flex-col gap-3">
      <h2 id="latest-activity" className="flex items-center gap-2 text-base font-semibold">
        Latest activity
        {query.isFetching && !query.isPending ? <Spinner label="Refreshing" /> : null}
      </h2>
      <Card className="overflow-hidden">
        {query.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading the latest activity" />
          </div>
        ) : query.isError ? (
          <QueryError
            error={query.error}
            title="Could not load the latest activity"
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.data.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
            <FileSignature className="size-5 text-muted-foreground" aria-hidden />
            <p className="font-medium">Nothing sent yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Onboard a driver or a client: they get a link to read and sign the agreement on any device.
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {query.data.data.map((envelope) => (
              <li key={envelope.envelopeId} data-envelope-id={envelope.envelopeId}>
                <Link
                  to={tables[envelope.type].to}
                  params={{ orgSlug }}
                  search={{ search: envelope.receiverName.slice(0, 100) }}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 transition-colors hover:bg-muted/40 sm:flex-nowrap"
                >
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium">{envelope.receiverName}</span>
                    <span className="truncate text-xs text-muted-foreground">
                      {templateLabels[envelope.templateId]} · {receiverContact(envelope)}
                    </span>
                  </div>
                  <EnvelopeStatusChip status={envelope.envelopeStatus} />
                  <span className="w-28 shrink-0 text-right text-xs text-muted-foreground sm:w-32">
                    <RelativeTime at={envelope.updatedAt} now={now} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

/** /{orgSlug}/sign-pro: envelopes by status for drivers and clients, and what happened last. */
export function SignProOverview({
  organization,
}: {
  organization: { id: string; name: string; slug: string };
}) {
  const orgSlug = organization.slug;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Sign-pro</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Agreements {organization.name} sends to drivers and clients to sign online.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/$orgSlug/sign-pro/onboard-client" params={{ orgSlug }}>
              <UserPlus aria-hidden />
              Onboard client
            </Link>
          </Button>
          <Button asChild>
            <Link to="/$orgSlug/sign-pro/onboard-driver" params={{ orgSlug }}>
              <FileSignature aria-hidden />
              Onboard driver
            </Link>
          </Button>
        </div>
      </header>
      <div className="grid gap-4 xl:grid-cols-2">
        <CountsCard organizationId={organization.id} orgSlug={orgSlug} type="driver" />
        <CountsCard organizationId={organization.id} orgSlug={orgSlug} type="client" />
      </div>
      <LatestActivity organizationId={organization.id} orgSlug={orgSlug} />
    </div>
  );
}
