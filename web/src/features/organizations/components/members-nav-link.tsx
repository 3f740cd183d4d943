import { Link } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { useActiveMember } from '../api/get-active-member';
import { canManageMembers } from '../members-search';

/** The navigation entry to the members page, shown to admins and owners only; it follows role changes live. */
export function MembersNavLink({
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
      to="/$orgSlug/members"
      params={{ orgSlug }}
      className={className}
      activeProps={{ className: activeClassName }}
    >
      <Users aria-hidden />
      Members
    </Link>
  );
}
