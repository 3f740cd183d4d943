import type { AuthService } from '@dispatch/auth';
import { requireSession } from '@dispatch/auth/http/request-context';
import { collections } from '@dispatch/projector';
import type { Document, DocumentStore } from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';

interface OrganizationDocument extends Document {
  name: string;
  slug: string;
  timeZone: string;
}
interface MemberDocument extends Document {
  orgId: string;
  userId: string;
  role: string;
}

const publicOrganization = (organization: OrganizationDocument) => ({
  id: organization.id,
  name: organization.name,
  slug: organization.slug,
  timeZone: organization.timeZone,
});

export function organizationQueries(options: {
  documents: DocumentStore;
  auth: AuthService;
}): FastifyPluginAsync {
  const { documents, auth } = options;
  const membershipsOf = (userId: string) =>
    documents.find<MemberDocument>(collections.members, { filter: { userId: { eq: userId } }, limit: 500 });

  return async (app) => {
    /** The organizations the signed-in user belongs to, with the user's role in each. */
    app.get('/api/v1/organization/list', async (request) => {
      const { user } = await requireSession(auth, request);
      const memberships = await membershipsOf(user.id);
      const organizations = await Promise.all(
        memberships.map(async (member) => {
          const organization = await documents.get<OrganizationDocument>(
            collections.organizations,
            member.orgId,
          );
          return organization ? { ...publicOrganization(organization), role: member.role } : null;
        }),
      );
      return { success: true, data: organizations.filter((organization) => organization !== null) };
    });

    /** The session's active organization, or null when there is none or the user is no longer in it. */
    app.get('/api/v1/organization/get-full-organization', async (request) => {
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
      if (!organization || memberships.length === 0) return { success: true, data: null };
      return { success: true, data: { ...publicOrganization(organization), role: memberships[0]?.role } };
    });
  };
}
