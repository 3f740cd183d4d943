import { canManageApiKeys } from '@dispatch/domain';
import { createFileRoute } from '@tanstack/react-router';
import { apiKeysQueryOptions } from '../../../features/api-keys/api/get-api-keys';
import { ApiKeysPage } from '../../../features/api-keys/components/api-keys-page';
import { guardNotices } from '../../../features/organizations/guard-notices';
import { guardManagersOnly } from '../../../features/organizations/managers-guard';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Settings → API keys: owners and admins only, as the server rules; anyone else goes to the overview. */
export const Route = createFileRoute('/_authenticated/$orgSlug/settings_/api-keys')({
  beforeLoad: (options) => guardManagersOnly(options, guardNotices.apiKeys, canManageApiKeys),
  loader: ({ context }) => context.queryClient.prefetchQuery(apiKeysQueryOptions(context.organization.id)),
  component: ApiKeysRoute,
});

function ApiKeysRoute() {
  const { organization } = Route.useRouteContext();
  useDocumentTitle('API keys', organization.name);
  return <ApiKeysPage organization={organization} />;
}
