import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrganizationLayout } from '../../../app/layouts/organization-layout';
import { decideOrganizationRoute } from '../../../features/auth/guards';

/** The organization area: only the session's active organization opens. */
export const Route = createFileRoute('/_authenticated/$orgSlug')({
  beforeLoad: ({ context, params }) => {
    const { viewer } = context;
    const decision = decideOrganizationRoute(viewer.guard, params.orgSlug);
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
