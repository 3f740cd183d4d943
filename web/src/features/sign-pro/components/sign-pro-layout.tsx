import { canUseSignPro } from '@dispatch/domain';
import { Link, type LinkProps, Outlet, useNavigate } from '@tanstack/react-router';
import { FileSignature, LayoutGrid, type LucideIcon, Truck, UserPlus, Users } from 'lucide-react';
import { useEffect } from 'react';
import { useActiveMember } from '../../organizations';

const tabClassName =
  'inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground [&_svg]:size-4';
const activeTab = { className: 'bg-card text-foreground shadow-xs ring-1 ring-border' };

/** The area's tabs, in order; the overview is current on its own address only. */
const tabs: {
  to: `/$orgSlug/sign-pro${string}` & LinkProps['to'];
  label: string;
  icon: LucideIcon;
  exact?: boolean;
}[] = [
  { to: '/$orgSlug/sign-pro', label: 'Overview', icon: LayoutGrid, exact: true },
  { to: '/$orgSlug/sign-pro/drivers', label: 'Drivers', icon: Truck },
  { to: '/$orgSlug/sign-pro/clients', label: 'Clients', icon: Users },
  { to: '/$orgSlug/sign-pro/onboard-driver', label: 'Onboard driver', icon: FileSignature },
  { to: '/$orgSlug/sign-pro/onboard-client', label: 'Onboard client', icon: UserPlus },
];

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
        {tabs.map(({ to, label, icon: Icon, exact }) => (
          <Link
            key={to}
            to={to}
            params={params}
            activeOptions={exact ? { exact: true } : undefined}
            className={tabClassName}
            activeProps={activeTab}
          >
            <Icon aria-hidden />
            {label}
          </Link>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
