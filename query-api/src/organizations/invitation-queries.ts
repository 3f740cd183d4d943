import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireOrganization, requireSession } from '@dispatch/auth';
import {
  type InvitationListQuery,
  invitationLinkAnswerSchema,
  invitationListQuerySchema,
  invitationOneAnswerSchema,
  invitationsPageAnswerSchema,
  notFound,
  organizationMessages,
} from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import { collections, type InvitationDocument } from '@dispatch/read-models';
import type { DocumentStore, Filter } from '@dispatch/storage';
import { z } from 'zod';
import { toInvitationViews } from './organization-views.ts';
import { pagedList, skipFor } from './paging.ts';

const invitationQuery = z.object({
  id: z.string({ error: 'id is required' }).min(1, 'id is required').max(100),
});

/**
 * Invitations of the session's organization, and those addressed to the signed-in user. The
 * organization comes from the session and the address from the user: no id opens anyone else's.
 */
export function invitationQueries(options: { documents: DocumentStore; auth: AuthService }): RoutesPlugin {
  const { documents, auth } = options;

  async function page(filter: Filter, query: InvitationListQuery) {
    if (query.status) filter.status = { in: query.status };
    if (query.search) filter.email = { contains: query.search.toLowerCase() };
    const [rows, totalCount] = await Promise.all([
      documents.find<InvitationDocument>(collections.invitations, {
        filter,
        sort: [{ field: 'createdAt', direction: query.sort }],
        skip: skipFor(query),
        limit: query.limit,
      }),
      documents.count(collections.invitations, filter),
    ]);
    return pagedList(query, await toInvitationViews(documents, rows), totalCount);
  }

  return async (app) => {
    app.get(
      '/api/v1/organization/get-organization-invitations',
      {
        ...answers({ 200: invitationsPageAnswerSchema }, { querystring: invitationListQuerySchema }),
        preValidation: callerFirst(auth, requireOrganization),
      },
      async (request) => {
        const { orgId } = await requireOrganization(auth, request);
        const query = request.query;
        return page({ orgId: { eq: orgId } }, query);
      },
    );

    app.get(
      '/api/v1/organization/get-user-invitations',
      {
        ...answers({ 200: invitationsPageAnswerSchema }, { querystring: invitationListQuerySchema }),
        preValidation: callerFirst(auth, requireSession),
      },
      async (request) => {
        const { user } = await requireSession(auth, request);
        const query = request.query;
        const filter: Filter = { email: { eq: user.email.toLowerCase() } };
        // The address is fixed to the user's own; a search narrows by organization name instead,
        // in the store (the projector keeps each invitation's organization name lower-cased).
        if (query.search) filter.search = { contains: query.search.toLowerCase() };
        return page(filter, { ...query, search: undefined });
      },
    );

    /** One invitation, for its accept page: only its recipient sees it. */
    app.get(
      '/api/v1/organization/get-invitation',
      {
        ...answers({ 200: invitationOneAnswerSchema }, { querystring: invitationQuery }),
        preValidation: callerFirst(auth, requireSession),
      },
      async (request) => {
        const { user } = await requireSession(auth, request);
        const { id } = request.query;
        const invitation = await documents.get<InvitationDocument>(collections.invitations, id);
        if (!invitation || invitation.email !== user.email.toLowerCase())
          throw notFound(organizationMessages.invitationNotFound);
        const [view] = await toInvitationViews(documents, [invitation]);
        return { success: true, data: view };
      },
    );

    /**
     * An invitation's link, before its recipient has an account or signs in: the sign-up page names
     * the organization and the inviter and fills in the address. Only a pending invitation that has
     * not expired answers; its id (random, carried by the mail) is what the recipient holds.
     */
    app.get(
      '/api/v1/organization/get-invitation-link',
      answers({ 200: invitationLinkAnswerSchema }, { querystring: invitationQuery }),
      async (request) => {
        const invitation = await documents.get<InvitationDocument>(collections.invitations, request.query.id);
        const open = invitation?.status === 'pending' && Date.parse(invitation.expiresAt) > Date.now();
        if (!invitation || !open) throw notFound(organizationMessages.invitationNotFound);
        const [view] = await toInvitationViews(documents, [invitation]);
        return {
          success: true,
          data: {
            organizationName: view?.organizationName ?? null,
            inviterName: view?.inviterName ?? null,
            email: invitation.email,
          },
        };
      },
    );
  };
}
