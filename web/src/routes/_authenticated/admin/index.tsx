import { createFileRoute } from '@tanstack/react-router';
import { Card } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/admin/')({
  component: AdminPage,
});

function AdminPage() {
  useDocumentTitle('Admin');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Admin</h1>
      <Card className="p-6 text-sm text-muted-foreground">
        The lists of all users and organizations will appear here.
      </Card>
    </div>
  );
}
