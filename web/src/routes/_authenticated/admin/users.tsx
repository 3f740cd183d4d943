import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { adminUsersSearchSchema, defaultAdminUsersSearch } from '../../../features/admin/admin-search';
import { AdminUsers } from '../../../features/admin/components/admin-users';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/admin/users')({
  validateSearch: adminUsersSearchSchema,
  search: { middlewares: [stripSearchParams(defaultAdminUsersSearch)] },
  component: AdminUsersPage,
});

function AdminUsersPage() {
  const search = Route.useSearch();
  const { viewer } = Route.useRouteContext();
  useDocumentTitle('Users', 'Admin');
  return <AdminUsers search={search} viewerId={viewer.session.user.id} />;
}
