import type { MemberRole } from '@dispatch/domain';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { answerShapeErrorOf } from '../../lib/api-client';
import { activeMemberQueryOptions } from './api/get-active-member';
import { noticeRedirect } from './guard-notices';
import { canManageMembers } from './members-search';

/**
 * A route's guard for pages of owners and admins only (the server refuses anyone else anyway): anyone
 * else is sent to the overview with `notice` (never while a link is only preloaded). `may` is the
 * server's own rule for the page, when the domain states one.
 */
export async function guardManagersOnly(
  {
    context,
    params,
    preload,
  }: {
    context: { queryClient: QueryClient; organization: { id: string } };
    params: { orgSlug: string };
    preload: boolean;
  },
  notice: string,
  may: (role: MemberRole | null | undefined) => boolean = canManageMembers,
): Promise<void> {
  const member = await context.queryClient
    .fetchQuery(activeMemberQueryOptions(context.organization.id))
    .catch((error: unknown) => {
      // An answer of an unexpected shape is shown as such, not taken for a lack of permission.
      if (answerShapeErrorOf(error)) throw error;
      return null;
    });
  if (!may(member?.role)) {
    if (!preload) noticeRedirect(notice);
    throw redirect({ to: '/$orgSlug/overview', params: { orgSlug: params.orgSlug }, replace: true });
  }
}
