import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireSuperAdmin as requireSuperAdminOf } from '@dispatch/auth';
import {
  adminOrganizationAnswerSchema,
  adminOrganizationListQuerySchema,
  adminOrganizationParamsSchema,
  adminOrganizationsPageAnswerSchema,
  adminOverviewAnswerSchema,
  notFound,
  organizationMessages,
  readModelStatusAnswerSchema,
} from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import {
  collections,
  type InvitationDocument,
  type MemberDocument,
  type OrganizationDocument,
  readRebuildStatus,
} from '@dispatch/read-models';
import type { DocumentStore, Filter } from '@dispatch/storage';
import type { FastifyRequest } from 'fastify';
import { postingTotals } from '../overview/posting-totals.ts';
import { toMemberView, toOrganizationView } from './organization-views.ts';
import { pagedList, skipFor } from './paging.ts';

/** The platform admin area (docs/rules.md#roles-and-permissions): super_admin only, across every organization. */
export function adminQueries(options: { documents: DocumentStore; auth: AuthService }): RoutesPlugin {
  const { documents, auth } = options;

  const requireSuperAdmin = (request: FastifyRequest) => requireSuperAdminOf(auth, request);

  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireSuperAdminOf));
    app.get(
      '/api/v1/admin/organizations',
      answers({ 200: adminOrganizationsPageAnswerSchema }, { querystring: adminOrganizationListQuerySchema }),
      async (request) => {
        await requireSuperAdmin(request);
        const query = request.query;
        const filter: Filter = {};
        if (query.search) filter.search = { contains: query.search.toLowerCase() };
        const [rows, totalCount] = await Promise.all([
          documents.find<OrganizationDocument>(collections.organizations, {
            filter,
            sort: [{ field: 'createdAt', direction: query.sort }],
            skip: skipFor(query),
            limit: query.limit,
          }),
          documents.count(collections.organizations, filter),
        ]);
        const data = await Promise.all(
          rows.map(async (organization) => {
            const owners = await documents.find<MemberDocument>(collections.members, {
              filter: { orgId: { eq: organization.id }, role: { eq: 'owner' } },
              sort: [{ field: 'createdAt', direction: 'asc' }],
              limit: 20,
            });
            return {
              ...toOrganizationView(organization),
              memberCount: organization.memberCount,
              // Only super_admins get here: they see platform roles.
              owners: owners.map((owner) => toMemberView(owner, { platformAdmin: true }).user),
            };
          }),
        );
        return pagedList(query, data, totalCount);
      },
    );

    /**
     * One organization, read only: what a platform admin needs to look at it without joining it
     * (settings, board counts, members). No session ever becomes a member this way, so nothing of the
     * organization can be changed from here, and its own routes still refuse the admin.
     */
    app.get(
      '/api/v1/admin/organizations/:organizationId',
      answers({ 200: adminOrganizationAnswerSchema }, { params: adminOrganizationParamsSchema }),
      async (request) => {
        await requireSuperAdmin(request);
        const { organizationId } = request.params;
        const organization = await documents.get<OrganizationDocument>(
          collections.organizations,
          organizationId,
        );
        if (!organization) throw notFound(organizationMessages.notFound);
        const inOrganization = { orgId: { eq: organization.id } };
        const [totals, envelopes, pendingInvitations, members] = await Promise.all([
          postingTotals(documents, organization.id),
          documents.count(collections.envelopes, inOrganization),
          documents.count(collections.invitations, {
            ...inOrganization,
            status: { eq: 'pending' },
            expiresAt: { gt: new Date().toISOString() },
          }),
          documents.find<MemberDocument>(collections.members, {
            filter: inOrganization,
            sort: [{ field: 'createdAt', direction: 'asc' }],
            limit: 100,
          }),
        ]);
        return {
          success: true,
          data: {
            ...toOrganizationView(organization),
            memberCount: organization.memberCount,
            boards: {
              trucks: totals.truckCount,
              loads: totals.loadCount,
              envelopes,
              pendingInvitations,
            },
            members: members.map((member) => toMemberView(member, { platformAdmin: true })),
          },
        };
      },
    );

    /** Platform counts; the number of users comes from the authentication service's own list. */
    app.get('/api/v1/admin/overview', answers({ 200: adminOverviewAnswerSchema }), async (request) => {
      await requireSuperAdmin(request);
      const [organizations, members, pendingInvitations] = await Promise.all([
        documents.count(collections.organizations),
        documents.count(collections.members),
        documents.count(collections.invitations, {
          status: { eq: 'pending' },
          expiresAt: { gt: new Date().toISOString() },
        } satisfies Filter & Partial<Record<keyof InvitationDocument, unknown>>),
      ]);
      return { success: true, data: { organizations, members, pendingInvitations } };
    });

    /** The latest read model rebuild and its progress (the projector updates it about every second). */
    app.get('/api/v1/admin/read-models', answers({ 200: readModelStatusAnswerSchema }), async (request) => {
      await requireSuperAdmin(request);
      return { success: true, data: await readRebuildStatus(documents) };
    });
  };
}
