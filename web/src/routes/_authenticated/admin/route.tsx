import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PlainLayout } from '../../../app/layouts/plain-layout';

export const Route = createFileRoute('/_authenticated/admin')({
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <PlainLayout heading="Admin">
      <Outlet />
    </PlainLayout>
  );
}
