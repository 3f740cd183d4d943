import { createFileRoute } from '@tanstack/react-router';
import { guardNotices } from '../../../features/organizations/guard-notices';
import { guardManagersOnly } from '../../../features/organizations/managers-guard';
import { webhooksQueryOptions } from '../../../features/webhooks/api/get-webhooks';
import { EndpointPage } from '../../../features/webhooks/components/endpoint-page';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** One webhook endpoint and its delivery log: owners and admins only. */
export const Route = createFileRoute('/_authenticated/$orgSlug/settings_/webhooks_/$endpointId')({
  beforeLoad: (options) => guardManagersOnly(options, guardNotices.webhooks),
  loader: ({ context }) => context.queryClient.prefetchQuery(webhooksQueryOptions(context.organization.id)),
  component: EndpointRoute,
});

function EndpointRoute() {
  const { organization } = Route.useRouteContext();
  const { endpointId } = Route.useParams();
  useDocumentTitle('Webhook', organization.name);
  return <EndpointPage organization={organization} endpointId={endpointId} />;
}
