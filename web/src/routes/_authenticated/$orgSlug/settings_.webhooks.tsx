import { createFileRoute } from '@tanstack/react-router';
import { guardNotices } from '../../../features/organizations/guard-notices';
import { guardManagersOnly } from '../../../features/organizations/managers-guard';
import { webhooksQueryOptions } from '../../../features/webhooks/api/get-webhooks';
import { WebhooksPage } from '../../../features/webhooks/components/webhooks-page';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Settings → Webhooks: owners and admins only, as the server rules; anyone else goes to the overview. */
export const Route = createFileRoute('/_authenticated/$orgSlug/settings_/webhooks')({
  beforeLoad: (options) => guardManagersOnly(options, guardNotices.webhooks),
  loader: ({ context }) => context.queryClient.prefetchQuery(webhooksQueryOptions(context.organization.id)),
  component: WebhooksRoute,
});

function WebhooksRoute() {
  const { organization } = Route.useRouteContext();
  useDocumentTitle('Webhooks', organization.name);
  return <WebhooksPage organization={organization} />;
}
