import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { PlainLayout } from '../../../app/layouts/plain-layout';

const tabClassName =
  'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground';
const activeTab = { className: 'bg-accent text-foreground' };

/** The platform admin area: the authenticated group's guard lets only a super_admin in (docs/rules.md#roles-and-permissions). */
export const Route = createFileRoute('/_authenticated/admin')({
  component: AdminLayout,
});

function AdminLayout() {
  return (
    <PlainLayout heading="Admin">
      <div className="flex flex-col gap-6">
        <nav aria-label="Admin" className="flex gap-1">
          <Link to="/admin" activeOptions={{ exact: true }} className={tabClassName} activeProps={activeTab}>
            Overview
          </Link>
          <Link to="/admin/users" className={tabClassName} activeProps={activeTab}>
            Users
          </Link>
          <Link to="/admin/organizations" className={tabClassName} activeProps={activeTab}>
            Organizations
          </Link>
        </nav>
        <Outlet />
      </div>
    </PlainLayout>
  );
}
