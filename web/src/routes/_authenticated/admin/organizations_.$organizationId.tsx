import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { adminOrganizationQueryOptions } from '../../../features/admin/api/get-organization';
import { AdminOrganization } from '../../../features/admin/components/admin-organization';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * One organization, read only, for a platform admin (the admin group's guard lets only them in): its
 * board counts and members, without joining it.
 */
export const Route = createFileRoute('/_authenticated/admin/organizations_/$organizationId')({
  component: AdminOrganizationPage,
});

function AdminOrganizationPage() {
  const { organizationId } = Route.useParams();
  const { data } = useQuery(adminOrganizationQueryOptions(organizationId));
  useDocumentTitle(data?.name ?? 'Organization', 'Admin');
  return <AdminOrganization organizationId={organizationId} />;
}
