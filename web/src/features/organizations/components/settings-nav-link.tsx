import { Link } from '@tanstack/react-router';
import { Settings } from 'lucide-react';
import { useActiveMember } from '../api/get-active-member';
import { canManageMembers } from '../members-search';

/** The navigation entry to the organization's settings, for its owners and admins; it follows role changes live. */
export function SettingsNavLink({
  organizationId,
  orgSlug,
  className,
  activeClassName,
}: {
  organizationId: string;
  orgSlug: string;
  className: string;
  activeClassName: string;
}) {
  const { data: member } = useActiveMember(organizationId);
  if (!canManageMembers(member?.role)) return null;
  return (
    <Link
      to="/$orgSlug/settings"
      params={{ orgSlug }}
      className={className}
      activeProps={{ className: activeClassName }}
    >
      <Settings aria-hidden />
      Settings
    </Link>
  );
}
