import { canSeeActivity, canUseSignPro, type MemberRole } from '@dispatch/domain';
import { Link, type LinkProps, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import {
  Activity,
  Bookmark,
  Compass,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Radar,
  Route,
  ScrollText,
  Settings,
  Signature,
  Truck,
  Users,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { UserMenu } from '../../features/auth/components/user-menu';
import { CommandMenu } from '../../features/command-menu/command-menu';
import { type LiveStatus, useLiveUpdates } from '../../features/live/use-live-updates';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { canManageMembers, useActiveMember } from '../../features/organizations';
import { MembershipWatcher } from '../../features/organizations/components/membership-watcher';
import { OrganizationSwitcher } from '../../features/organizations/components/organization-switcher';
import type { Organization } from '../../features/organizations/types';
import { cn } from '../../lib/cn';
import { OrganizationTimeZone } from '../../lib/organization-dates';
import { useSession } from '../../lib/session';
import { liveChangeHandlers } from '../live-handlers';

const navItemClassName =
  'flex shrink-0 items-center gap-2.5 whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground [&_svg]:size-4';
const activeNavItem = { className: 'bg-accent text-foreground' };

/** The main navigation's entries, in order; `shownTo` keeps an entry to the roles it names. */
const navEntries: {
  to: `/$orgSlug/${string}` & LinkProps['to'];
  label: string;
  icon: LucideIcon;
  shownTo?: (role: MemberRole | undefined) => boolean;
}[] = [
  { to: '/$orgSlug/overview', label: 'Overview', icon: LayoutDashboard },
  { to: '/$orgSlug/trucks', label: 'Trucks', icon: Truck },
  { to: '/$orgSlug/loads', label: 'Loads', icon: Package },
  { to: '/$orgSlug/radius', label: 'Radius search', icon: Radar },
  { to: '/$orgSlug/radius-360', label: 'Radius 360', icon: Compass },
  { to: '/$orgSlug/lanes', label: 'Lane search', icon: Route },
  { to: '/$orgSlug/saved-searches', label: 'Saved searches', icon: Bookmark },
  // Owners, admins and Member+ only (docs/rules.md#roles-and-permissions).
  {
    to: '/$orgSlug/sign-pro',
    label: 'Sign-pro',
    icon: Signature,
    shownTo: (role) => !!role && canUseSignPro(role),
  },
  { to: '/$orgSlug/members', label: 'Members', icon: Users, shownTo: canManageMembers },
  { to: '/$orgSlug/activity', label: 'Activity', icon: ScrollText, shownTo: canSeeActivity },
  { to: '/$orgSlug/settings', label: 'Settings', icon: Settings, shownTo: canManageMembers },
  { to: '/$orgSlug/testing', label: 'System check', icon: Activity },
];

function Navigation({
  orgSlug,
  organizationId,
  className,
}: {
  orgSlug: string;
  organizationId: string;
  className?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  // The entries for some roles only follow role changes live.
  const { data: member } = useActiveMember(organizationId);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // A phone's row of entries scrolls sideways: it brings the current page's entry into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each page change
  useEffect(() => {
    // Measured after the next paint, when the page's layout is done already: measuring in the
    // effect would lay the whole page out inside the task that renders it.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        const nav = ref.current;
        const active = nav?.querySelector<HTMLElement>('[data-status="active"]');
        if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
        const [navBox, box] = [nav.getBoundingClientRect(), active.getBoundingClientRect()];
        if (box.left < navBox.left) nav.scrollLeft -= navBox.left - box.left + 8;
        else if (box.right > navBox.right) nav.scrollLeft += box.right - navBox.right + 8;
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    <nav ref={ref} aria-label="Main" className={className}>
      {navEntries
        .filter((entry) => !entry.shownTo || entry.shownTo(member?.role))
        .map(({ to, label, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            params={{ orgSlug }}
            className={navItemClassName}
            activeProps={activeNavItem}
          >
            <Icon aria-hidden />
            {label}
          </Link>
        ))}
    </nav>
  );
}

const liveWording: Record<LiveStatus, string> = {
  idle: 'Live updates off',
  connecting: 'Connecting…',
  live: 'Live',
  offline: 'Offline, updates paused',
};

function LiveIndicator({ status }: { status: LiveStatus }) {
  return (
    <span role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
      <span
        aria-hidden
        className={cn(
          'size-2 rounded-full',
          status === 'live' && 'bg-success',
          status === 'connecting' && 'animate-pulse bg-amber-500',
          (status === 'offline' || status === 'idle') && 'bg-muted-foreground/50',
        )}
      />
      {liveWording[status]}
    </span>
  );
}

/** The organization area: navigation, organization name, user menu; one live connection for its boards. */
export function OrganizationLayout({ organization }: { organization: Organization }) {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const liveStatus = useLiveUpdates(organization.id, liveChangeHandlers);

  const onSignedOut = () => void navigate({ to: '/login', replace: true });
  const onSwitched = (next: { slug: string }) =>
    void navigate({ to: '/$orgSlug/overview', params: { orgSlug: next.slug } });

  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <MembershipWatcher organization={organization} />
      {/* One navigation for every width: a top bar on phones, a sidebar from md up. */}
      <aside className="sticky top-0 z-30 flex flex-wrap items-center gap-2 border-b border-border bg-sidebar p-2 md:h-screen md:w-60 md:shrink-0 md:flex-col md:flex-nowrap md:items-stretch md:gap-4 md:border-r md:border-b-0 md:p-3">
        <div className="flex min-w-0 flex-1 items-center gap-1 md:flex-none">
          <div className="min-w-0 flex-1">
            <OrganizationSwitcher organization={organization} onSwitched={onSwitched} />
          </div>
          <NotificationsBell organizationId={organization.id} orgSlug={organization.slug} />
        </div>
        <CommandMenu organization={organization} />
        <Navigation
          orgSlug={organization.slug}
          organizationId={organization.id}
          // On phones the entries are one row that scrolls sideways by itself, never the page.
          className="order-last -mx-2 flex w-[calc(100%+1rem)] gap-1 overflow-x-auto px-2 [scrollbar-width:none] md:order-none md:mx-0 md:w-full md:flex-col md:gap-0.5 md:overflow-visible md:px-0"
        />
        <div className="flex items-center gap-3 md:mt-auto md:flex-col md:items-stretch">
          <div className="md:px-2.5">
            <LiveIndicator status={liveStatus} />
          </div>
          {session ? <UserMenu user={session.user} onSignedOut={onSignedOut} /> : null}
        </div>
      </aside>
      <main className="mx-auto w-full max-w-[90rem] min-w-0 flex-1 px-4 py-6 md:px-8 md:py-8">
        <OrganizationTimeZone timeZone={organization.timeZone}>
          <Outlet />
        </OrganizationTimeZone>
      </main>
    </div>
  );
}
