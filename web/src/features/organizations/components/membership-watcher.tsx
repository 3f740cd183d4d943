import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { organizationsBeingDeleted } from '../api/delete-organization';
import { activeOrganizationQueryOptions } from '../api/get-active-organization';
import type { Organization } from '../types';

/**
 * Follows the active organization while its area is open: a removal (or the organization's deletion)
 * sends the user out at once, and a new slug moves the address with it. Live change notices refresh
 * the query this reads.
 */
export function MembershipWatcher({ organization }: { organization: Organization }) {
  const navigate = useNavigate();
  const { data, isFetched } = useQuery(activeOrganizationQueryOptions(organization.id));

  useEffect(() => {
    if (!isFetched || data === undefined) return;
    if (data === null) {
      // Deleted from this very browser: the settings page says so itself.
      if (!organizationsBeingDeleted.has(organization.id))
        toast.error(`You no longer have access to ${organization.name}`);
      void navigate({ to: '/onboarding', replace: true });
    } else if (data.slug !== organization.slug) {
      void navigate({ to: '/$orgSlug/overview', params: { orgSlug: data.slug }, replace: true });
    }
  }, [data, isFetched, navigate, organization.id, organization.name, organization.slug]);

  return null;
}
