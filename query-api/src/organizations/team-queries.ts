import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireOrganization } from '@dispatch/auth';
import {
  notFound,
  organizationMessages,
  teamIdSchema,
  teamListAnswerSchema,
  teamMembersAnswerSchema,
} from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import { collections, type TeamDocument, type TeamMemberDocument } from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';
import { toTeamView } from './organization-views.ts';

/** Teams of the session's organization. */
export function teamQueries(options: { documents: DocumentStore; auth: AuthService }): RoutesPlugin {
  const { documents, auth } = options;
  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireOrganization));
    app.get('/api/v1/organization/list-teams', answers({ 200: teamListAnswerSchema }), async (request) => {
      const { orgId } = await requireOrganization(auth, request);
      const teams = await documents.find<TeamDocument>(collections.teams, {
        filter: { orgId: { eq: orgId } },
        sort: [{ field: 'name', direction: 'asc' }],
        limit: 500,
      });
      return { success: true, data: teams.map(toTeamView) };
    });

    /** The teams the signed-in user is in, within the active organization. */
    app.get(
      '/api/v1/organization/list-user-teams',
      answers({ 200: teamListAnswerSchema }),
      async (request) => {
        const { orgId, userId } = await requireOrganization(auth, request);
        const memberships = await documents.find<TeamMemberDocument>(collections.teamMembers, {
          filter: { orgId: { eq: orgId }, userId: { eq: userId } },
          limit: 500,
        });
        const teams = await Promise.all(
          memberships.map((membership) => documents.get<TeamDocument>(collections.teams, membership.teamId)),
        );
        return {
          success: true,
          data: teams
            .filter((team): team is TeamDocument => team !== null && team.orgId === orgId)
            .map(toTeamView),
        };
      },
    );

    app.get(
      '/api/v1/organization/list-team-members',
      answers({ 200: teamMembersAnswerSchema }, { querystring: teamIdSchema }),
      async (request) => {
        const { orgId } = await requireOrganization(auth, request);
        const { teamId } = request.query;
        const team = await documents.get<TeamDocument>(collections.teams, teamId);
        if (!team || team.orgId !== orgId) throw notFound(organizationMessages.teamNotFound);
        const members = await documents.find<TeamMemberDocument>(collections.teamMembers, {
          filter: { orgId: { eq: orgId }, teamId: { eq: teamId } },
          limit: 500,
        });
        return {
          success: true,
          data: members.map((member) => ({
            id: member.id,
            teamId,
            userId: member.userId,
            createdAt: member.createdAt,
          })),
        };
      },
    );
  };
}
