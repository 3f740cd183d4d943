import { canUseSignPro } from '@dispatch/domain';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { activeMemberQueryOptions } from '../../../../features/organizations/api/get-active-member';
import { guardNotices, noticeRedirect } from '../../../../features/organizations/guard-notices';
import { SignProLayout } from '../../../../features/sign-pro/components/sign-pro-layout';
import { answerShapeErrorOf } from '../../../../lib/api-client';

/** Sign-pro: owners, admins and Member+ only; a plain member is sent to the overview (docs/rules.md#roles-and-permissions). */
export const Route = createFileRoute('/_authenticated/$orgSlug/sign-pro')({
  beforeLoad: async ({ context, params, preload }) => {
    const member = await context.queryClient
      .fetchQuery(activeMemberQueryOptions(context.organization.id))
      .catch((error: unknown) => {
        // An answer of an unexpected shape is shown as such, not taken for a lack of permission.
        if (answerShapeErrorOf(error)) throw error;
        return null;
      });
    if (!member || !canUseSignPro(member.role)) {
      if (!preload) noticeRedirect(guardNotices.signPro);
      throw redirect({ to: '/$orgSlug/overview', params: { orgSlug: params.orgSlug }, replace: true });
    }
  },
  component: SignProRoute,
});

function SignProRoute() {
  const { organization } = Route.useRouteContext();
  return <SignProLayout organization={organization} />;
}
