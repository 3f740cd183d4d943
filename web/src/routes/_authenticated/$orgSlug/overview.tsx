import { createFileRoute } from '@tanstack/react-router';
import { OrganizationOverview } from '../../../features/organizations/components/organization-overview';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/overview')({
  component: OverviewPage,
});

function OverviewPage() {
  const { organization } = Route.useRouteContext();
  useDocumentTitle('Overview', organization.name);
  return <OrganizationOverview organization={organization} />;
}
