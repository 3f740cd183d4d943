import { createFileRoute, notFound, Outlet, redirect } from '@tanstack/react-router';
import { loadViewer } from '../app/viewer';
import { decideAuthenticatedRoute } from '../features/auth/guards';
import { firstSegment, noticeForeignOrganization } from '../features/organizations/guard-notices';

/**
 * Everything behind sign-in. No session → /login; a super_admin passes; a user without an
 * active organization → /onboarding; with one, a wrong first path segment → /{their slug}, with a
 * toast saying why. A signed-in user's path that is no page at all (`/anything/no/such/page`) is the
 * 404 page, whatever its first segment.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location, preload, matches }) => {
    const viewer = await loadViewer(context.queryClient);
    const decision = decideAuthenticatedRoute(viewer?.guard ?? null, location.href);
    // Past the organization's folder no page matched: a 404, not another organization's page.
    const noPage = matches.at(-1)?.routeId === '/_authenticated/$orgSlug';
    if (viewer && noPage && decision.kind === 'redirect') throw notFound();
    if (decision.kind === 'redirect' && viewer && !preload) {
      await noticeForeignOrganization(context.queryClient, firstSegment(location.href));
    }
    if (decision.kind === 'redirect' || !viewer) {
      throw redirect({ href: decision.kind === 'redirect' ? decision.to : '/login', replace: true });
    }
    return { viewer };
  },
  component: Outlet,
});
