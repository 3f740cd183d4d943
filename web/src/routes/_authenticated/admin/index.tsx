import { createFileRoute } from '@tanstack/react-router';
import { AdminOverview } from '../../../features/admin/components/admin-overview';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/admin/')({
  component: AdminPage,
});

function AdminPage() {
  useDocumentTitle('Admin');
  return <AdminOverview />;
}
