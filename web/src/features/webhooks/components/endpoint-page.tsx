import { DELIVERIES_PAGE_SIZE_DEFAULT, publicEventLabels, type WebhookAnswer } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, History, Inbox, Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '../../../components/errors/query-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useDates } from '../../../lib/organization-dates';
import { guardNotices, type Organization, SettingsNav, useManagersOnly } from '../../organizations';
import { webhookDeliveriesQueryOptions } from '../api/get-webhook-deliveries';
import { webhooksQueryOptions } from '../api/get-webhooks';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { DeliveriesTable } from './deliveries-table';
import { EndpointActions } from './endpoint-actions';
import { EndpointStatus, LastAttempt } from './endpoint-status';
import { ReplayDialog } from './replay-dialog';

function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

function EndpointFacts({ endpoint }: { endpoint: WebhookAnswer }) {
  const { dateTime } = useDates();
  return (
    <Card className="p-5">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Status">
          <EndpointStatus endpoint={endpoint} />
        </Fact>
        <Fact label="Last attempt">
          <LastAttempt attempt={endpoint.lastAttempt} />
        </Fact>
        <Fact label="Delivered through">
          <span className="font-mono text-xs">sequence {endpoint.deliveredThrough}</span>
        </Fact>
        <Fact label="Created">
          {dateTime(endpoint.createdAt)} by {endpoint.createdBy.name}
          {endpoint.secretRotatedAt ? (
            <span className="block text-xs text-muted-foreground">
              Secret rotated {dateTime(endpoint.secretRotatedAt)}
            </span>
          ) : null}
        </Fact>
        <Fact label={`Event types (${endpoint.eventTypes.length})`} className="sm:col-span-2 lg:col-span-4">
          <div className="flex flex-wrap gap-1">
            {endpoint.eventTypes.map((type) => (
              <Tag key={type} title={type}>
                {publicEventLabels[type]}
              </Tag>
            ))}
          </div>
        </Fact>
      </dl>
    </Card>
  );
}

function Deliveries({ organizationId, endpoint }: { organizationId: string; endpoint: WebhookAnswer }) {
  const [page, setPage] = useState(1);
  const pageSize = DELIVERIES_PAGE_SIZE_DEFAULT;
  const deliveries = useQuery(webhookDeliveriesQueryOptions(organizationId, endpoint.id, { page, pageSize }));
  const total = deliveries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <section aria-labelledby="deliveries-heading" className="flex flex-col gap-3">
      <h2 id="deliveries-heading" className="flex items-center gap-2 text-base font-semibold">
        Deliveries
        {deliveries.isFetching && !deliveries.isPending ? <Spinner label="Refreshing" /> : null}
      </h2>
      <Card className="overflow-hidden">
        {deliveries.isPending ? (
          <p className="px-5 py-10 text-center text-sm text-muted-foreground">Loading the deliveries…</p>
        ) : deliveries.isError ? (
          <QueryError
            error={deliveries.error}
            title="The deliveries could not be loaded"
            onRetry={() => void deliveries.refetch()}
            retrying={deliveries.isFetching}
          />
        ) : deliveries.data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
            <Inbox className="size-5 text-muted-foreground" aria-hidden />
            <p className="font-medium">Nothing delivered yet</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Each attempt shows here as it is made. Send a test event to try the endpoint now.
            </p>
          </div>
        ) : (
          <DeliveriesTable
            endpointId={endpoint.id}
            attempts={deliveries.data.items}
            mayRedeliver={endpoint.status !== 'disabled'}
          />
        )}
      </Card>
      {total > pageSize ? (
        <nav
          aria-label="Pages of deliveries"
          className="flex flex-wrap items-center justify-end gap-3 text-sm"
        >
          <span className="text-muted-foreground tabular-nums">
            Page {page} of {pages} · {total} attempts
          </span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

/** One endpoint: its facts, its actions, and the log of every delivery attempt, newest first. */
export function EndpointPage({
  organization,
  endpointId,
}: {
  organization: Pick<Organization, 'id' | 'slug' | 'name'>;
  endpointId: string;
}) {
  const mayManage = useManagersOnly(organization, guardNotices.webhooks);
  const endpoints = useQuery(webhooksQueryOptions(organization.id));
  const test = useSendWebhookTest();
  const [replaying, setReplaying] = useState(false);
  if (!mayManage) return null;
  const endpoint = endpoints.data?.items.find((item) => item.id === endpointId);
  const back = (
    <Link
      to="/$orgSlug/settings/webhooks"
      params={{ orgSlug: organization.slug }}
      className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden />
      All endpoints
    </Link>
  );

  if (endpoints.isPending)
    return <p className="px-5 py-10 text-center text-sm text-muted-foreground">Loading the endpoint…</p>;
  if (endpoints.isError)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <QueryError
          error={endpoints.error}
          title="The endpoint could not be loaded"
          onRetry={() => void endpoints.refetch()}
          retrying={endpoints.isFetching}
        />
      </div>
    );
  if (!endpoint)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Card className="px-6 py-12 text-center">
          <p className="font-medium">This endpoint does not exist</p>
          <p className="mt-1 text-sm text-muted-foreground">It may have been removed.</p>
        </Card>
      </div>
    );

  const enabled = endpoint.status !== 'disabled';
  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: () =>
        toast.success('Test event sent', { description: 'Its delivery shows in the log in a moment.' }),
      onError: (error) => toast.error(isApiError(error) ? error.message : 'Could not send the test event'),
    });

  return (
    <div className="flex flex-col gap-6">
      <SettingsNav orgSlug={organization.slug} />
      <div className="flex flex-col gap-3">
        {back}
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 flex-1">
            <h1 className="font-mono text-lg font-semibold break-all">{endpoint.url}</h1>
            {endpoint.description ? (
              <p className="mt-1 text-sm break-words text-muted-foreground">{endpoint.description}</p>
            ) : null}
            {enabled ? null : (
              <p className="mt-2 text-sm text-muted-foreground">
                Nothing is sent to it while it is disabled: enable it from Actions to send a test event,
                replay or redeliver.
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" onClick={sendTest} disabled={!enabled || test.isPending}>
              <Send aria-hidden />
              Send test event
            </Button>
            <Button variant="outline" onClick={() => setReplaying(true)} disabled={!enabled}>
              <History aria-hidden />
              Replay from sequence…
            </Button>
            <EndpointActions endpoint={endpoint} leaveTo={organization.slug} variant="button" />
          </div>
        </header>
      </div>
      <EndpointFacts endpoint={endpoint} />
      <Deliveries organizationId={organization.id} endpoint={endpoint} />
      {replaying ? <ReplayDialog endpoint={endpoint} onClose={() => setReplaying(false)} /> : null}
    </div>
  );
}
