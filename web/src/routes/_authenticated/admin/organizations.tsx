import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import {
  adminOrganizationsSearchSchema,
  defaultAdminOrganizationsSearch,
} from '../../../features/admin/admin-search';
import { AdminOrganizations } from '../../../features/admin/components/admin-organizations';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/admin/organizations')({
  validateSearch: adminOrganizationsSearchSchema,
  search: { middlewares: [stripSearchParams(defaultAdminOrganizationsSearch)] },
  component: AdminOrganizationsPage,
});

function AdminOrganizationsPage() {
  const search = Route.useSearch();
  useDocumentTitle('Organizations', 'Admin');
  return <AdminOrganizations search={search} />;
}
