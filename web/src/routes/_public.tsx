import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { loadViewer } from '../app/viewer';
import { decidePublicRoute } from '../features/auth/guards';

/** Auth pages: a signed-in user is sent to /admin, their organization or onboarding. */
export const Route = createFileRoute('/_public')({
  beforeLoad: async ({ context }) => {
    const viewer = await loadViewer(context.queryClient);
    const decision = decidePublicRoute(viewer?.guard ?? null);
    if (decision.kind === 'redirect') throw redirect({ href: decision.to, replace: true });
  },
  component: Outlet,
});
