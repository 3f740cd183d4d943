import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { activeMemberQueryOptions } from '../../../../features/organizations/api/get-active-member';
import { membersQueryOptions } from '../../../../features/organizations/api/get-members';
import { organizationInvitationsQueryOptions } from '../../../../features/organizations/api/get-organization-invitations';
import { MembersPage } from '../../../../features/organizations/components/members-page';
import { guardNotices, noticeRedirect } from '../../../../features/organizations/guard-notices';
import {
  canManageMembers,
  defaultMembersSearch,
  invitationsParams,
  membersParams,
  membersSearchSchema,
} from '../../../../features/organizations/members-search';
import { answerShapeErrorOf } from '../../../../lib/api-client';
import { useDocumentTitle } from '../../../../lib/use-document-title';

/** Members and invitations: admins and owners only; anyone else is sent to the overview (docs/rules.md#roles-and-permissions). */
export const Route = createFileRoute('/_authenticated/$orgSlug/members/')({
  validateSearch: membersSearchSchema,
  search: { middlewares: [stripSearchParams(defaultMembersSearch)] },
  beforeLoad: async ({ context, params, preload }) => {
    const member = await context.queryClient
      .fetchQuery(activeMemberQueryOptions(context.organization.id))
      .catch((error: unknown) => {
        // An answer of an unexpected shape is shown as such, not taken for a lack of permission.
        if (answerShapeErrorOf(error)) throw error;
        return null;
      });
    if (!canManageMembers(member?.role)) {
      if (!preload) noticeRedirect(guardNotices.members);
      throw redirect({ to: '/$orgSlug/overview', params: { orgSlug: params.orgSlug }, replace: true });
    }
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(membersQueryOptions(context.organization.id, membersParams(deps))),
      context.queryClient.ensureQueryData(
        organizationInvitationsQueryOptions(context.organization.id, invitationsParams(deps)),
      ),
    ]),
  component: MembersRoute,
});

function MembersRoute() {
  const { organization } = Route.useRouteContext();
  const search = Route.useSearch();
  useDocumentTitle('Members', organization.name);
  return <MembersPage organization={organization} search={search} />;
}
