import { randomUUID } from 'node:crypto';
import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireOrganization } from '@dispatch/auth';
import {
  createTeamSchema,
  type OrganizationCommand,
  okAnswerSchema,
  teamCommandAnswerSchema,
  teamIdSchema,
  teamMemberSchema,
  updateTeamSchema,
} from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { organizations } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';

/** Teams of the session's organization and who is in them. */
export function teamRoutes(options: { store: EventStore; auth: AuthService }): RoutesPlugin {
  const { store, auth } = options;

  async function run(
    request: FastifyRequest,
    reply: FastifyReply,
    command: (actorId: string) => OrganizationCommand,
  ) {
    const actor = await requireOrganization(auth, request);
    const result = await handle(
      store,
      organizations,
      actor.orgId,
      command(actor.userId),
      commandContextOf(request, actor),
    );
    sendPosition(reply, result);
    return actor.orgId;
  }

  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireOrganization));
    app.post(
      '/api/v1/organization/create-team',
      answers({ 201: teamCommandAnswerSchema }, { body: createTeamSchema }),
      async (request, reply) => {
        const { name } = request.body;
        const teamId = randomUUID();
        const organizationId = await run(request, reply, (actorId) => ({
          type: 'CreateTeam',
          data: { actorId, teamId, name },
        }));
        return reply.status(201).send({ success: true, data: { id: teamId, organizationId, name } });
      },
    );

    app.post(
      '/api/v1/organization/update-team',
      answers({ 200: teamCommandAnswerSchema }, { body: updateTeamSchema }),
      async (request, reply) => {
        const { teamId, name } = request.body;
        const organizationId = await run(request, reply, (actorId) => ({
          type: 'UpdateTeam',
          data: { actorId, teamId, name },
        }));
        return reply.send({ success: true, data: { id: teamId, organizationId, name } });
      },
    );

    const teamRemoved = answers({ 200: okAnswerSchema }, { body: teamIdSchema });
    app.post('/api/v1/organization/remove-team', teamRemoved, async (request, reply) => {
      const { teamId } = request.body;
      await run(request, reply, (actorId) => ({ type: 'DeleteTeam', data: { actorId, teamId } }));
      return reply.send({ success: true });
    });

    app.post(
      '/api/v1/organization/add-team-member',
      answers({ 200: okAnswerSchema }, { body: teamMemberSchema }),
      async (request, reply) => {
        const { teamId, userId } = request.body;
        await run(request, reply, (actorId) => ({
          type: 'AddTeamMember',
          data: { actorId, teamId, userId },
        }));
        return reply.send({ success: true });
      },
    );

    app.post(
      '/api/v1/organization/remove-team-member',
      answers({ 200: okAnswerSchema }, { body: teamMemberSchema }),
      async (request, reply) => {
        const { teamId, userId } = request.body;
        await run(request, reply, (actorId) => ({
          type: 'RemoveTeamMember',
          data: { actorId, teamId, userId },
        }));
        return reply.send({ success: true });
      },
    );
  };
}
