import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrganizationLayout } from '../../../app/layouts/organization-layout';
import { decideOrganizationRoute, isSuperAdmin } from '../../../features/auth/guards';
import { guardNotices, noticeRedirect } from '../../../features/organizations/guard-notices';

/**
 * The organization area: only the session's active organization opens. Others pass the group's
 * guard only as a platform admin, who looks at organizations from the admin area instead.
 */
export const Route = createFileRoute('/_authenticated/$orgSlug')({
  beforeLoad: ({ context, params, preload }) => {
    const { viewer } = context;
    const decision = decideOrganizationRoute(viewer.guard, params.orgSlug);
    if (decision.kind === 'redirect' && !preload) {
      noticeRedirect(isSuperAdmin(viewer.guard) ? guardNotices.platformAdmin : guardNotices.notMember);
    }
    if (decision.kind === 'redirect' || !viewer.organization) {
      throw redirect({ href: decision.kind === 'redirect' ? decision.to : '/onboarding', replace: true });
    }
    return { organization: viewer.organization };
  },
  component: OrganizationRoute,
});

function OrganizationRoute() {
  const { organization } = Route.useRouteContext();
  return <OrganizationLayout organization={organization} />;
}
