import { canSeeActivity } from '@dispatch/domain';
import { Link } from '@tanstack/react-router';
import { ScrollText } from 'lucide-react';
import { useActiveMember } from '../../organizations';

/** The navigation entry to the activity log, shown to owners and admins only; it follows role changes live. */
export function ActivityNavLink({
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
  if (!canSeeActivity(member?.role)) return null;
  return (
    <Link
      to="/$orgSlug/activity"
      params={{ orgSlug }}
      className={className}
      activeProps={{ className: activeClassName }}
    >
      <ScrollText aria-hidden />
      Activity
    </Link>
  );
}
