import type { WebhookAnswer } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus, Webhook } from 'lucide-react';
import { QueryError } from '../../../components/errors/query-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ListTable, TableCell, TableRow } from '../../../components/ui/table';
import { guardNotices, type Organization, SettingsNav, useManagersOnly } from '../../organizations';
import { webhooksQueryOptions } from '../api/get-webhooks';
import { EndpointActions } from './endpoint-actions';
import { EndpointStatus, LastAttempt } from './endpoint-status';
import { AddEndpointDialog } from './webhook-form-dialog';

const typesCount = (count: number) => `${count} ${count === 1 ? 'type' : 'types'}`;

function EndpointsTable({ endpoints, orgSlug }: { endpoints: WebhookAnswer[]; orgSlug: string }) {
  return (
    <ListTable
      caption="Webhook endpoints"
      columns={[
        { name: 'URL' },
        { name: 'Events' },
        { name: 'Status' },
        { name: 'Last attempt' },
        { name: 'Actions', srOnly: true },
      ]}
    >
      {endpoints.map((endpoint) => (
        <TableRow key={endpoint.id} data-testid="webhook-row">
          <TableCell className="max-w-md min-w-56">
            <Link
              to="/$orgSlug/settings/webhooks/$endpointId"
              params={{ orgSlug, endpointId: endpoint.id }}
              className="font-mono text-xs font-medium break-all hover:underline"
            >
              {endpoint.url}
            </Link>
            {endpoint.description ? (
              <p className="mt-0.5 text-xs break-words text-muted-foreground">{endpoint.description}</p>
            ) : null}
          </TableCell>
          <TableCell className="whitespace-nowrap text-muted-foreground tabular-nums">
            {typesCount(endpoint.eventTypes.length)}
          </TableCell>
          <TableCell>
            <EndpointStatus endpoint={endpoint} />
          </TableCell>
          <TableCell>
            <LastAttempt attempt={endpoint.lastAttempt} />
          </TableCell>
          <TableCell className="text-right">
            <EndpointActions endpoint={endpoint} />
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

/**
 * The organization's webhook endpoints, for its owners and admins: where its events are sent, whether
 * deliveries get through; add, edit, test, rotate or remove one, and open its delivery log.
 */
export function WebhooksPage({ organization }: { organization: Pick<Organization, 'id' | 'slug' | 'name'> }) {
  const mayManage = useManagersOnly(organization, guardNotices.webhooks);
  const endpoints = useQuery(webhooksQueryOptions(organization.id));
  if (!mayManage) return null;
  const rows = endpoints.data?.items ?? [];
  const addButton = (
    <Button>
      <Plus aria-hidden />
      Add endpoint
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <SettingsNav orgSlug={organization.slug} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            Webhooks
            {endpoints.isFetching && !endpoints.isPending ? <Spinner label="Refreshing" /> : null}
          </h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
            {organization.name}’s events, sent as they happen to the addresses you choose: each delivery is
            signed, sent in order and retried until the receiver takes it.
          </p>
        </div>
        <AddEndpointDialog trigger={addButton} />
      </header>

      <Card className="overflow-hidden">
        {endpoints.isPending ? (
          <p className="px-5 py-10 text-center text-sm text-muted-foreground">Loading the endpoints…</p>
        ) : endpoints.isError ? (
          <QueryError
            error={endpoints.error}
            title="The webhook endpoints could not be loaded"
            onRetry={() => void endpoints.refetch()}
            retrying={endpoints.isFetching}
          />
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-muted">
              <Webhook className="size-5 text-muted-foreground" aria-hidden />
            </span>
            <p className="font-medium">No endpoints yet</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Add an endpoint to have trucks, loads, envelopes, members or saved-search matches sent to your
              own system the moment they happen.
            </p>
          </div>
        ) : (
          <EndpointsTable endpoints={rows} orgSlug={organization.slug} />
        )}
      </Card>
    </div>
  );
}
