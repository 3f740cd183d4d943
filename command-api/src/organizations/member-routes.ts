import { randomUUID } from 'node:crypto';
import type { AuthService } from '@dispatch/auth';
import { callerFirst, isPlatformAdmin, requireOrganization } from '@dispatch/auth';
import {
  addMemberSchema,
  memberCommandAnswerSchema,
  memberIdSchema,
  notFound,
  okAnswerSchema,
  organizationMessages,
  platformRoles,
  requirePermission,
  updateMemberRoleSchema,
} from '@dispatch/domain';
import { answers, HttpError, type RoutesPlugin } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import { organizations } from '../aggregates.ts';
import { handle } from '../command-handler.ts';
import { commandContextOf, sendPosition } from '../request-context.ts';

/**
 * The one answer add-member gives anyone who is not a platform admin, whatever the e-mail: it says
 * nothing about whether an account exists. Organizations take people in by invitation, which the
 * invited person accepts.
 */
export const ADD_MEMBER_REFUSED = 'Only a platform admin can add a member directly; invite them instead';

/**
 * Direct additions (platform admins only), role changes and removals; the member ids are looked up
 * in the session's organization only.
 */
export function memberRoutes(options: { store: EventStore; auth: AuthService }): RoutesPlugin {
  const { store, auth } = options;

  /** Someone who already has a verified account, found by e-mail in the authentication service. */
  async function verifiedUserByEmail(email: string) {
    const context = await auth.auth.$context;
    const found = await context.internalAdapter.findUserByEmail(email);
    const user = found?.user as Record<string, unknown> | undefined;
    // An unverified address is not proof of who holds it: treated like no account at all.
    if (!user) throw notFound(organizationMessages.userNotFound);
    if (user.emailVerified !== true) throw notFound(organizationMessages.userNotFound);
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    return {
      userId: String(user.id),
      email: String(user.email),
      name: String(user.name),
      firstName: text(user.firstName),
      lastName: text(user.lastName),
      image: text(user.image) ?? null,
      phoneNumber: text(user.phoneNumber) ?? null,
      platformRole: platformRoles.find((role) => role === user.role) ?? 'user',
    };
  }

  return async (app) => {
    app.addHook('preValidation', callerFirst(auth, requireOrganization));
    app.post(
      '/api/v1/organization/add-member',
      {
        ...answers({ 201: memberCommandAnswerSchema }, { body: addMemberSchema }),
        // Adding someone without their consent, and learning whether an address has an account, are for
        // platform admins only: they can list every user in the admin area anyway. Checked before the body
        // is even parsed, so everyone else gets the same 403 whatever they send.
        preValidation: async (request) => {
          const actor = await requireOrganization(auth, request);
          if (!(await isPlatformAdmin(auth, actor.session.user))) {
            throw new HttpError(403, 'FORBIDDEN', ADD_MEMBER_REFUSED);
          }
        },
      },
      async (request, reply) => {
        const actor = await requireOrganization(auth, request);
        const { email, role } = request.body;
        // A platform admin adds people only where they may manage members (docs/rules.md#roles-and-permissions), still before the lookup.
        requirePermission(actor.role, 'member', 'create');
        const memberId = randomUUID();
        const user = await verifiedUserByEmail(email);
        const result = await handle(
          store,
          organizations,
          actor.orgId,
          { type: 'AddMember', data: { actorId: actor.userId, memberId, user, role } },
          commandContextOf(request, actor),
        );
        sendPosition(reply, result);
        return reply.status(201).send({
          success: true,
          data: { id: memberId, organizationId: actor.orgId, userId: user.userId, role },
        });
      },
    );

    app.post(
      '/api/v1/organization/update-member-role',
      answers({ 200: memberCommandAnswerSchema }, { body: updateMemberRoleSchema }),
      async (request, reply) => {
        const actor = await requireOrganization(auth, request);
        const { memberId, role } = request.body;
        const result = await handle(
          store,
          organizations,
          actor.orgId,
          { type: 'UpdateMemberRole', data: { actorId: actor.userId, memberId, role } },
          commandContextOf(request, actor),
        );
        sendPosition(reply, result);
        return reply.send({ success: true, data: { id: memberId, organizationId: actor.orgId, role } });
      },
    );

    app.post(
      '/api/v1/organization/remove-member',
      answers({ 200: okAnswerSchema }, { body: memberIdSchema }),
      async (request, reply) => {
        const actor = await requireOrganization(auth, request);
        const { memberId } = request.body;
        const result = await handle(
          store,
          organizations,
          actor.orgId,
          { type: 'RemoveMember', data: { actorId: actor.userId, memberId } },
          commandContextOf(request, actor),
        );
        sendPosition(reply, result);
        return reply.send({ success: true });
      },
    );
  };
}
