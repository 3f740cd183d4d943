import { canUseSignPro } from '@dispatch/domain';
import { Link } from '@tanstack/react-router';
import { Signature } from 'lucide-react';
import { useActiveMember } from '../../organizations';

/**
 * The navigation entry to sign-pro, shown to owners, admins and Member+ only (docs/rules.md#roles-and-permissions); it
 * follows role changes live.
 */
export function SignProNavLink({
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
  if (!member || !canUseSignPro(member.role)) return null;
  return (
    <Link
      to="/$orgSlug/sign-pro"
      params={{ orgSlug }}
      className={className}
      activeProps={{ className: activeClassName }}
    >
      <Signature aria-hidden />
      Sign-pro
    </Link>
  );
}
