import type { MemberRole } from '@dispatch/domain';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useActiveMember } from '../api/get-active-member';
import { noticeRedirect } from '../guard-notices';
import { canManageMembers } from '../members-search';

/**
 * Keeps a page to owners and admins while it is open: a role change arriving live sends the viewer to
 * the overview with `notice`, as the route's guard does on the way in (`may`: the page's rule). True while the viewer may stay.
 */
export function useManagersOnly(
  organization: { id: string; slug: string },
  notice: string,
  may: (role: MemberRole | null | undefined) => boolean = canManageMembers,
): boolean {
  const navigate = useNavigate();
  const { data: viewer } = useActiveMember(organization.id);
  const mayManage = viewer ? may(viewer.role) : true;
  useEffect(() => {
    if (mayManage) return;
    noticeRedirect(notice);
    void navigate({ to: '/$orgSlug/overview', params: { orgSlug: organization.slug }, replace: true });
  }, [mayManage, navigate, notice, organization.slug]);
  return mayManage;
}
