import { randomUUID } from 'node:crypto';
import type { AuthService, Mailer, QuotaLedger } from '@dispatch/auth';
import {
  callerFirst,
  requireOrganization,
  requireSession,
  switchActiveOrganization,
  takeQuotaOrRefuse,
} from '@dispatch/auth';
import {
  type ActiveOrganization,
  acceptInvitationAnswerSchema,
  illegalState,
  invitationCommandAnswerSchema,
  invitationIdSchema,
  inviteMemberSchema,
  notFound,
  type OrganizationCommand,
  type OrganizationEvent,
  type OrganizationState,
  organizationMessages,
} from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import { collections, type InvitationDocument } from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { organizations } from '../aggregates.ts';
import { type CommandResult, handle } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';
import { acceptInvitationUrl, invitationMail } from './invitation-mail.ts';
import { inviteeOf } from './member-profile.ts';
import { loadOrganization } from './organization-store.ts';

export interface InvitationRoutesOptions {
  store: EventStore;
  auth: AuthService;
  documents: DocumentStore;
  mailer: Mailer;
  /** The address invitees reach the app at: the accept link is built on it. */
  publicUrl: string;
  /** Every invitation mail (and its resends) counts against the sending quotas. */
  quotas: QuotaLedger;
}

const active = (state: OrganizationState) => (state.status === 'active' ? state : null);

/** The invitation as the organization stream holds it, in the shape of the invitations list. */
function invitationOf(state: ActiveOrganization, invitationId: string) {
  const invitation = state.invitations[invitationId];
  if (!invitation) return null;
  return {
    id: invitation.invitationId,
    organizationId: state.organizationId,
    organizationName: state.name,
    email: invitation.email,
    role: invitation.role,
    status: invitation.status === 'expired' ? 'pending' : invitation.status,
    expiresAt: invitation.expiresAt,
    teamId: invitation.teamId,
  };
}

/**
 * Invitations: sent and resent by mail, canceled, and answered by the invitee. The inviting side
 * works in the session's organization; the invitee's side finds the invitation by id through the
 * invitations read model and decides on the organization stream, which has the last word.
 */
export function invitationRoutes(options: InvitationRoutesOptions): RoutesPlugin {
  const { store, auth, documents, mailer, publicUrl, quotas } = options;

  /**
   * Runs an invitation command whose mail counts against the quotas: the command is decided on the
   * current state first, so a refused one answers as before and counts nothing; an accepted one is
   * counted (429 before anything is recorded when past a quota), then run.
   */
  async function withQuota(
    reply: FastifyReply,
    actor: { orgId: string; userId: string },
    command: OrganizationCommand,
    run: () => Promise<CommandResult<OrganizationState, OrganizationEvent>>,
  ) {
    const current = await loadOrganization(store, actor.orgId);
    organizations.decider.decide(command, current);
    const organization = active(current);
    const email =
      command.type === 'InviteMember'
        ? command.data.email
        : command.type === 'ResendInvitation'
          ? (organization?.invitations[command.data.invitationId]?.email ?? null)
          : null;
    if (email === null) return run();
    const taken = await takeQuotaOrRefuse(reply, quotas, {
      orgId: actor.orgId,
      userId: actor.userId,
      channel: 'email',
      kind: 'invitation',
      receiver: email,
    });
    try {
      return await run();
    } catch (error) {
      await taken.release();
      throw error;
    }
  }

  /** A mail that cannot be sent does not undo the invitation: the answer says so and it can be resent. */
  async function mailInvitation(
    log: FastifyBaseLogger,
    state: OrganizationState,
    invitationId: string,
    inviterName: string,
  ): Promise<boolean> {
    const organization = active(state);
    const invitation = organization?.invitations[invitationId];
    if (!organization || !invitation) return false;
    try {
      await mailer.send(
        invitationMail({
          to: invitation.email,
          organizationName: organization.name,
          inviterName,
          role: invitation.role,
          url: acceptInvitationUrl(publicUrl, invitationId),
          expiresAt: invitation.expiresAt,
          timeZone: organization.timeZone,
        }),
      );
      return true;
    } catch (error) {
      log.error({ err: error, invitationId }, 'invitation mail not sent');
      return false;
    }
  }

  async function organizationOfInvitation(invitationId: string): Promise<string> {
    const found = await documents.get<InvitationDocument>(collections.invitations, invitationId);
    if (!found) throw notFound(organizationMessages.invitationNotFound);
    return found.orgId;
  }

  return async (app) => {
    app.post(
      '/api/v1/organization/invite-member',
      {
        ...answers({ 201: invitationCommandAnswerSchema }, { body: inviteMemberSchema }),
        preValidation: callerFirst(auth, requireOrganization),
      },
      async (request, reply) => {
        const actor = await requireOrganization(auth, request);
        const input = request.body;
        const context = commandContextOf(request, actor);
        const invitationId = randomUUID();
        const { user } = actor.session;
        const invite: OrganizationCommand = {
          type: 'InviteMember',
          data: {
            actorId: actor.userId,
            invitationId,
            email: input.email,
            role: input.role,
            teamId: input.teamId ?? null,
            inviter: { email: user.email, name: user.name },
            now: context.now().toISOString(),
          },
        };
        const result = await withQuota(reply, actor, invite, () =>
          handle(store, organizations, actor.orgId, invite, context),
        );
        sendPosition(reply, result);
        const emailSent = await mailInvitation(request.log, result.state, invitationId, user.name);
        const organization = active(result.state);
        return reply.status(201).send({
          success: true,
          emailSent,
          data: organization && {
            ...invitationOf(organization, invitationId),
            inviterId: user.id,
            inviterEmail: user.email,
            inviterName: user.name,
          },
        });
      },
    );

    app.post(
      '/api/v1/organization/resend-invitation',
      {
        ...answers({ 200: invitationCommandAnswerSchema }, { body: invitationIdSchema }),
        preValidation: callerFirst(auth, requireOrganization),
      },
      async (request, reply) => {
        const actor = await requireOrganization(auth, request);
        const { invitationId } = request.body;
        const context = commandContextOf(request, actor);
        const resend: OrganizationCommand = {
          type: 'ResendInvitation',
          data: { actorId: actor.userId, invitationId, now: context.now().toISOString() },
        };
        const result = await withQuota(reply, actor, resend, () =>
          handle(store, organizations, actor.orgId, resend, context),
        );
        sendPosition(reply, result);
        const emailSent = await mailInvitation(
          request.log,
          result.state,
          invitationId,
          actor.session.user.name,
        );
        const organization = active(result.state);
        return reply.send({
          success: true,
          emailSent,
          data: organization && invitationOf(organization, invitationId),
        });
      },
    );

    app.post(
      '/api/v1/organization/cancel-invitation',
      {
        ...answers({ 200: invitationCommandAnswerSchema }, { body: invitationIdSchema }),
        preValidation: callerFirst(auth, requireOrganization),
      },
      async (request, reply) => {
        const actor = await requireOrganization(auth, request);
        const { invitationId } = request.body;
        const result = await handle(
          store,
          organizations,
          actor.orgId,
          { type: 'CancelInvitation', data: { actorId: actor.userId, invitationId } },
          commandContextOf(request, actor),
        );
        sendPosition(reply, result);
        const organization = active(result.state);
        return reply.send({ success: true, data: organization && invitationOf(organization, invitationId) });
      },
    );

    app.post(
      '/api/v1/organization/accept-invitation',
      {
        ...answers({ 200: acceptInvitationAnswerSchema }, { body: invitationIdSchema }),
        preValidation: callerFirst(auth, requireSession),
      },
      async (request, reply) => {
        const { user, session } = await requireSession(auth, request);
        const { invitationId } = request.body;
        const organizationId = await organizationOfInvitation(invitationId);
        const context = commandContextOf(request, { orgId: organizationId, userId: user.id });
        const result = await handle(
          store,
          organizations,
          organizationId,
          {
            type: 'AcceptInvitation',
            data: {
              invitationId,
              memberId: randomUUID(),
              invitee: inviteeOf(user),
              now: context.now().toISOString(),
            },
          },
          context,
        );
        sendPosition(reply, result);
        // The first answer after the expiry is recorded; the invitee is told plainly.
        if (result.events.some((event) => event.type === 'InvitationExpired'))
          throw illegalState(organizationMessages.invitationExpired);
        const organization = active(result.state);
        const member = organization?.members.find((candidate) => candidate.userId === user.id);
        if (!organization || !member) throw notFound(organizationMessages.invitationNotFound);
        // The invitee lands in the organization they joined.
        await switchActiveOrganization(auth, reply, session.id, organizationId);
        return reply.send({
          success: true,
          data: {
            invitation: invitationOf(organization, invitationId),
            organization: {
              id: organization.organizationId,
              name: organization.name,
              slug: organization.slug,
            },
            member: { id: member.memberId, organizationId, userId: user.id, role: member.role },
          },
        });
      },
    );

    app.post(
      '/api/v1/organization/reject-invitation',
      {
        ...answers({ 200: invitationCommandAnswerSchema }, { body: invitationIdSchema }),
        preValidation: callerFirst(auth, requireSession),
      },
      async (request, reply) => {
        const { user } = await requireSession(auth, request);
        const { invitationId } = request.body;
        const organizationId = await organizationOfInvitation(invitationId);
        const context = commandContextOf(request, { orgId: organizationId, userId: user.id });
        const result = await handle(
          store,
          organizations,
          organizationId,
          {
            type: 'RejectInvitation',
            data: { invitationId, invitee: inviteeOf(user), now: context.now().toISOString() },
          },
          context,
        );
        sendPosition(reply, result);
        if (result.events.some((event) => event.type === 'InvitationExpired'))
          throw illegalState(organizationMessages.invitationExpired);
        const organization = active(result.state);
        return reply.send({ success: true, data: organization && invitationOf(organization, invitationId) });
      },
    );
  };
}
