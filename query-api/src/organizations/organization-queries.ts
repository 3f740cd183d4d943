import type { AuthService } from '@dispatch/auth';
import { requireOrganization, requireSession } from '@dispatch/auth';
import {
  fullOrganizationAnswerSchema,
  organizationListAnswerSchema,
  requirePermission,
  roleListAnswerSchema,
  rolePermissions,
} from '@dispatch/domain';
import { answers } from '@dispatch/http';
import { collections, type MemberDocument, type OrganizationDocument } from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { toOrganizationView } from './organization-views.ts';

export function organizationQueries(options: {
  documents: DocumentStore;
  auth: AuthService;
}): FastifyPluginAsync {
  const { documents, auth } = options;
  const membershipsOf = (userId: string) =>
    documents.find<MemberDocument>(collections.members, {
      filter: { userId: { eq: userId } },
      sort: [{ field: 'createdAt', direction: 'asc' }],
      limit: 500,
    });

  return async (app) => {
    /** The organizations the signed-in user belongs to, with the user's role in each. */
    app.get('/api/v1/organization/list', answers({ 200: organizationListAnswerSchema }), async (request) => {
      const { user } = await requireSession(auth, request);
      const memberships = await membershipsOf(user.id);
      const organizations = await Promise.all(
        memberships.map(async (member) => {
          const organization = await documents.get<OrganizationDocument>(
            collections.organizations,
            member.orgId,
          );
          return organization ? { ...toOrganizationView(organization), role: member.role } : null;
        }),
      );
      return { success: true, data: organizations.filter((organization) => organization !== null) };
    });

    /** The session's active organization, or null when there is none or the user is no longer in it. */
    app.get(
      '/api/v1/organization/get-full-organization',
      answers({ 200: fullOrganizationAnswerSchema }),
      async (request) => {
        const { user, session } = await requireSession(auth, request);
        const orgId = session.activeOrganizationId;
        if (!orgId) return { success: true, data: null };
        const [organization, memberships] = await Promise.all([
          documents.get<OrganizationDocument>(collections.organizations, orgId),
          documents.find<MemberDocument>(collections.members, {
            filter: { orgId: { eq: orgId }, userId: { eq: user.id } },
            limit: 1,
          }),
        ]);
        const member = memberships[0];
        if (!organization || !member) return { success: true, data: null };
        return {
          success: true,
          data: {
            ...toOrganizationView(organization),
            memberCount: organization.memberCount,
            role: member.role,
          },
        };
      },
    );

    /** The access-control roles and what each may do (the `ac` resource: every member may read it). */
    app.get('/api/v1/organization/list-roles', answers({ 200: roleListAnswerSchema }), async (request) => {
      const { role } = await requireOrganization(auth, request);
      requirePermission(role, 'ac', 'read');
      return {
        success: true,
        data: Object.entries(rolePermissions).map(([name, permissions]) => ({ role: name, permissions })),
      };
    });
  };
}
