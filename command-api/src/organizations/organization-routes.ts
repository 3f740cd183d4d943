import { randomUUID } from 'node:crypto';
import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireOrganization, requireSession, switchActiveOrganization } from '@dispatch/auth';
import {
  type CreateOrganizationInput,
  createOrganizationSchema,
  type MemberProfile,
  okAnswerSchema,
  organizationCommandAnswerSchema,
  requireMembership,
  requirePermission,
  setActiveOrganizationSchema,
  slugify,
  updateOrganizationSchema,
} from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';
import { organizations } from '../aggregates.ts';
import { handle, newCommandContext } from '../command-handler.ts';
import { setEventPosition } from '../event-position.ts';
import { commandContextOf, requestClientOf, sendPosition } from '../request-context.ts';
import { memberProfileOf } from './member-profile.ts';
import { loadOrganization } from './organization-store.ts';
import { reserveSlug } from './slug-reservation.ts';

/** Creates an organization with its creator as owner; the slug is derived from the name unless given. */
export async function createOrganization(
  store: EventStore,
  input: CreateOrganizationInput,
  creator: { id: string } & MemberProfile,
  client: { ip?: string; userAgent?: string } = {},
): Promise<{ id: string; name: string; slug: string; position: bigint }> {
  const organizationId = randomUUID();
  const context = newCommandContext({ orgId: organizationId, actorId: creator.id, ...client });
  const slug = await reserveSlug(
    store,
    input.slug ?? slugify(input.name),
    input.slug !== undefined,
    organizationId,
    context,
  );
  const { id: userId, ...profile } = creator;
  const result = await handle(
    store,
    organizations,
    organizationId,
    {
      type: 'CreateOrganization',
      data: {
        organizationId,
        name: input.name,
        slug,
        memberId: randomUUID(),
        creator: { userId, ...profile },
      },
    },
    context,
    { create: true },
  );
  return { id: organizationId, name: input.name, slug, position: result.position ?? 0n };
}

/** The organization itself: create, update, delete, set-active, leave. */
export function organizationRoutes(options: { store: EventStore; auth: AuthService }): RoutesPlugin {
  const { store, auth } = options;
  return async (app) => {
    app.post(
      '/api/v1/organization/create',
      {
        ...answers({ 201: organizationCommandAnswerSchema }, { body: createOrganizationSchema }),
        preValidation: callerFirst(auth, requireSession),
      },
      async (request, reply) => {
        const { user, session } = await requireSession(auth, request);
        const input = request.body;
        const created = await createOrganization(
          store,
          input,
          { id: user.id, ...memberProfileOf(user) },
          requestClientOf(request),
        );
        // The creator starts working in the new organization straight away.
        await switchActiveOrganization(auth, reply, session.id, created.id);
        setEventPosition(reply, created.position);
        return reply
          .status(201)
          .send({ success: true, data: { id: created.id, name: created.name, slug: created.slug } });
      },
    );

    app.post(
      '/api/v1/organization/update',
      {
        ...answers({ 200: organizationCommandAnswerSchema }, { body: updateOrganizationSchema }),
        preValidation: callerFirst(auth, requireOrganization),
      },
      async (request, reply) => {
        const actor = await requireOrganization(auth, request);
        const input = request.body;
        // Checked before a new slug is reserved, so a refused update holds no slug.
        requirePermission(actor.role, 'organization', 'update');
        const context = commandContextOf(request, actor);
        const slug = input.slug && (await reserveSlug(store, input.slug, true, actor.orgId, context));
        const result = await handle(
          store,
          organizations,
          actor.orgId,
          {
            type: 'UpdateOrganization',
            data: {
              actorId: actor.userId,
              name: input.name,
              slug: slug || undefined,
              timeZone: input.timeZone,
              postingMaxAgeDays: input.postingMaxAgeDays,
            },
          },
          context,
        );
        sendPosition(reply, result);
        const state = result.state;
        return reply.send({
          success: true,
          data:
            state.status === 'active'
              ? { id: state.organizationId, name: state.name, slug: state.slug }
              : null,
        });
      },
    );

    app.post('/api/v1/organization/delete', answers({ 200: okAnswerSchema }), async (request, reply) => {
      const actor = await requireOrganization(auth, request);
      const result = await handle(
        store,
        organizations,
        actor.orgId,
        { type: 'DeleteOrganization', data: { actorId: actor.userId } },
        commandContextOf(request, actor),
      );
      // Gone for everyone: no session works in it any more, its former members' included.
      await auth.clearActiveOrganization(actor.orgId);
      await switchActiveOrganization(auth, reply, actor.session.session.id, null);
      sendPosition(reply, result);
      return reply.send({ success: true });
    });

    const activeSet = {
      ...answers({ 200: okAnswerSchema }, { body: setActiveOrganizationSchema }),
      preValidation: callerFirst(auth, requireSession),
    };
    app.post('/api/v1/organization/set-active', activeSet, async (request, reply) => {
      const { user, session } = await requireSession(auth, request);
      const { organizationId } = request.body;
      const state = await loadOrganization(store, organizationId);
      requireMembership(state, user.id);
      await switchActiveOrganization(auth, reply, session.id, organizationId);
      return reply.send({ success: true });
    });

    app.post('/api/v1/organization/leave', answers({ 200: okAnswerSchema }), async (request, reply) => {
      const actor = await requireOrganization(auth, request);
      const result = await handle(
        store,
        organizations,
        actor.orgId,
        { type: 'LeaveOrganization', data: { actorId: actor.userId } },
        commandContextOf(request, actor),
      );
      await switchActiveOrganization(auth, reply, actor.session.session.id, null);
      sendPosition(reply, result);
      return reply.send({ success: true });
    });
  };
}
