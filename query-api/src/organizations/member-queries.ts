import type { AuthService } from '@dispatch/auth';
import { callerFirst, isPlatformAdmin, requireOrganization, type SessionActor } from '@dispatch/auth';
import {
  activeMemberAnswerSchema,
  memberListQuerySchema,
  memberOneAnswerSchema,
  membersPageAnswerSchema,
  notFound,
  organizationMessages,
  rolePermissions,
} from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import { collections, type MemberDocument } from '@dispatch/read-models';
import type { DocumentStore, Filter } from '@dispatch/storage';
import { z } from 'zod';
import { type MemberViewer, toMemberView } from './organization-views.ts';
import { pagedList, skipFor } from './paging.ts';

const memberParams = z.object({ id: z.string().min(1).max(100) });

/**
 * Members of the session's organization; every query is filtered by it, whatever id is asked for.
 * Members' platform roles are shown to platform admins only (toMemberView).
 */
export function memberQueries(options: { documents: DocumentStore; auth: AuthService }): RoutesPlugin {
  const { documents, auth } = options;
  const viewerOf = async (actor: SessionActor): Promise<MemberViewer> => ({
    platformAdmin: await isPlatformAdmin(auth, actor.session.user),
  });
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireOrganization));
    app.get(
      '/api/v1/organization/list-members',
      answers({ 200: membersPageAnswerSchema }, { querystring: memberListQuerySchema }),
      async (request) => {
        const actor = await requireOrganization(auth, request);
        const { orgId } = actor;
        const query = request.query;
        const filter: Filter = { orgId: { eq: orgId } };
        if (query.role) filter.role = { in: query.role };
        if (query.search) filter.search = { contains: query.search.toLowerCase() };
        const [rows, totalCount] = await Promise.all([
          documents.find<MemberDocument>(collections.members, {
            filter,
            sort: [{ field: 'createdAt', direction: query.sort }],
            skip: skipFor(query),
            limit: query.limit,
          }),
          documents.count(collections.members, filter),
        ]);
        const viewer = await viewerOf(actor);
        return pagedList(
          query,
          rows.map((member) => toMemberView(member, viewer)),
          totalCount,
        );
      },
    );

    app.get(
      '/api/v1/organization/member/:id',
      answers({ 200: memberOneAnswerSchema }, { params: memberParams }),
      async (request) => {
        const actor = await requireOrganization(auth, request);
        const { orgId } = actor;
        const { id } = request.params;
        const member = await documents.get<MemberDocument>(collections.members, id);
        // Another organization's member is answered exactly like a missing one.
        if (!member || member.orgId !== orgId) throw notFound(organizationMessages.memberNotFound);
        return { success: true, data: toMemberView(member, await viewerOf(actor)) };
      },
    );

    /** The caller's own membership in the active organization, with what its role allows. */
    app.get(
      '/api/v1/organization/get-active-member',
      answers({ 200: activeMemberAnswerSchema }),
      async (request) => {
        const actor = await requireOrganization(auth, request);
        const { orgId, userId } = actor;
        const [member] = await documents.find<MemberDocument>(collections.members, {
          filter: { orgId: { eq: orgId }, userId: { eq: userId } },
          limit: 1,
        });
        if (!member) throw notFound(organizationMessages.memberNotFound);
        const view = toMemberView(member, await viewerOf(actor));
        return { success: true, data: { ...view, permissions: rolePermissions[member.role] } };
      },
    );
  };
}
