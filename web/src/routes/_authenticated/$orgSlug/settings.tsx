import { createFileRoute, redirect } from '@tanstack/react-router';
import { activeMemberQueryOptions } from '../../../features/organizations/api/get-active-member';
import { SettingsPage } from '../../../features/organizations/components/settings-page';
import { guardNotices, noticeRedirect } from '../../../features/organizations/guard-notices';
import { canManageMembers } from '../../../features/organizations/members-search';
import { answerShapeErrorOf } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * The organization's settings: owners and admins only (the server refuses anyone else's update
 * anyway); anyone else is sent to the overview with a toast saying why, as from the members page.
 */
export const Route = createFileRoute('/_authenticated/$orgSlug/settings')({
  beforeLoad: async ({ context, params, preload }) => {
    const member = await context.queryClient
      .fetchQuery(activeMemberQueryOptions(context.organization.id))
      .catch((error: unknown) => {
        // An answer of an unexpected shape is shown as such, not taken for a lack of permission.
        if (answerShapeErrorOf(error)) throw error;
        return null;
      });
    if (!canManageMembers(member?.role)) {
      if (!preload) noticeRedirect(guardNotices.settings);
      throw redirect({ to: '/$orgSlug/overview', params: { orgSlug: params.orgSlug }, replace: true });
    }
  },
  component: SettingsRoute,
});

function SettingsRoute() {
  const { organization } = Route.useRouteContext();
  useDocumentTitle('Settings', organization.name);
  return <SettingsPage organization={organization} />;
}
