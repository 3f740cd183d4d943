import { canUseSignPro } from '@dispatch/domain';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { FileSignature, LayoutGrid, Truck, UserPlus, Users } from 'lucide-react';
import { useEffect } from 'react';
import { useActiveMember } from '../../organizations';

const tabClassName =
  'inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground [&_svg]:size-4';
const activeTab = { className: 'bg-card text-foreground shadow-xs ring-1 ring-border' };

/** The sign-pro area: its own tabs over each screen; a role change arriving live can take it away. */
export function SignProLayout({ organization }: { organization: { id: string; slug: string } }) {
  const navigate = useNavigate();
  const { data: member } = useActiveMember(organization.id);
  const mayUse = !member || canUseSignPro(member.role);
  useEffect(() => {
    if (!mayUse)
      void navigate({ to: '/$orgSlug/overview', params: { orgSlug: organization.slug }, replace: true });
  }, [mayUse, navigate, organization.slug]);

  const params = { orgSlug: organization.slug };
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <nav
        aria-label="Sign-pro"
        className="-mx-1 flex gap-1 overflow-x-auto rounded-lg bg-muted/60 p-1 [scrollbar-width:none] sm:mx-0 sm:w-fit sm:max-w-full"
      >
        <Link
          to="/$orgSlug/sign-pro"
          params={params}
          activeOptions={{ exact: true }}
          className={tabClassName}
          activeProps={activeTab}
        >
          <LayoutGrid aria-hidden />
          Overview
        </Link>
        <Link
          to="/$orgSlug/sign-pro/drivers"
          params={params}
          className={tabClassName}
          activeProps={activeTab}
        >
          <Truck aria-hidden />
          Drivers
        </Link>
        <Link
          to="/$orgSlug/sign-pro/clients"
          params={params}
          className={tabClassName}
          activeProps={activeTab}
        >
          <Users aria-hidden />
          Clients
        </Link>
        <Link
          to="/$orgSlug/sign-pro/onboard-driver"
          params={params}
          className={tabClassName}
          activeProps={activeTab}
        >
          <FileSignature aria-hidden />
          Onboard driver
        </Link>
        <Link
          to="/$orgSlug/sign-pro/onboard-client"
          params={params}
          className={tabClassName}
          activeProps={activeTab}
        >
          <UserPlus aria-hidden />
          Onboard client
        </Link>
      </nav>
      <Outlet />
    </div>
  );
}
