import { canSeeActivity } from '@dispatch/domain';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { activityParams, activitySearchSchema } from '../../../../features/activity/activity-search';
import { activityQueryOptions } from '../../../../features/activity/api/get-activity';
import { ActivityPage } from '../../../../features/activity/components/activity-page';
import { activeMemberQueryOptions } from '../../../../features/organizations/api/get-active-member';
import { guardNotices, noticeRedirect } from '../../../../features/organizations/guard-notices';
import { answerShapeErrorOf } from '../../../../lib/api-client';
import { useDocumentTitle } from '../../../../lib/use-document-title';

/** The activity log: owners and admins only; anyone else is sent to the overview, as on the members page. */
export const Route = createFileRoute('/_authenticated/$orgSlug/activity/')({
  validateSearch: activitySearchSchema,
  beforeLoad: async ({ context, params, preload }) => {
    const member = await context.queryClient
      .fetchQuery(activeMemberQueryOptions(context.organization.id))
      .catch((error: unknown) => {
        // An answer of an unexpected shape is shown as such, not taken for a lack of permission.
        if (answerShapeErrorOf(error)) throw error;
        return null;
      });
    if (!canSeeActivity(member?.role)) {
      if (!preload) noticeRedirect(guardNotices.activity);
      throw redirect({ to: '/$orgSlug/overview', params: { orgSlug: params.orgSlug }, replace: true });
    }
  },
  loaderDeps: ({ search }) => search,
  // The first page is fetched before the page shows; a refusal is shown on the page, with Retry.
  loader: ({ context, deps }) =>
    context.queryClient
      .ensureInfiniteQueryData(activityQueryOptions(context.organization.id, activityParams(deps)))
      .catch(() => undefined),
  component: ActivityRoute,
});

function ActivityRoute() {
  const { organization } = Route.useRouteContext();
  const search = Route.useSearch();
  useDocumentTitle('Activity', organization.name);
  return <ActivityPage organization={organization} search={search} />;
}
