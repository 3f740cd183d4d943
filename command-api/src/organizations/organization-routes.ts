import { randomUUID } from 'node:crypto';
import type { AuthService } from '@dispatch/auth';
import { parseInput } from '@dispatch/auth/http/boundary';
import { requireSession } from '@dispatch/auth/http/request-context';
import {
  type CreateOrganizationInput,
  conflict,
  createOrganizationSchema,
  decideOrganization,
  evolveOrganization,
  initialOrganizationState,
  ORGANIZATION_SCHEMA_VERSION,
  type OrganizationCommand,
  type OrganizationEvent,
  type OrganizationState,
  organizationSlugStream,
  organizationStream,
  requireMembership,
  setActiveOrganizationSchema,
  slugCandidates,
  slugify,
} from '@dispatch/domain';
import {
  type EventStore,
  newEventId,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@dispatch/storage';
import type { FastifyPluginAsync } from 'fastify';
import { type CommandContext, type Decider, handleCommand, newCommandContext } from '../command-handler.ts';
import { setEventPosition } from '../event-position.ts';

const organizationDecider: Decider<OrganizationState, OrganizationCommand, OrganizationEvent> = {
  initialState: initialOrganizationState,
  evolve: (state, event) => evolveOrganization(state, event),
  decide: decideOrganization,
};

const MAX_SLUG_ATTEMPTS = 50;

/**
 * Slugs are unique because each one is a stream: the first append with "no_stream" wins.
 * A requested slug that is taken is a conflict; a derived one moves on to slug-2, slug-3, …
 */
async function reserveSlug(
  store: EventStore,
  base: string,
  exact: boolean,
  organizationId: string,
  context: CommandContext,
): Promise<string> {
  let attempts = 0;
  for (const slug of slugCandidates(base)) {
    try {
      await store.append(
        organizationSlugStream(slug),
        [
          {
            id: newEventId(),
            type: 'OrganizationSlugReserved',
            data: { slug, organizationId },
            metadata: {
              orgId: organizationId,
              actorId: context.actorId,
              correlationId: context.correlationId,
              causationId: context.commandId,
              schemaVersion: ORGANIZATION_SCHEMA_VERSION,
              occurredAt: context.now().toISOString(),
            },
          },
        ],
        { expected: 'no_stream' },
      );
      return slug;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (exact) throw conflict(`The slug "${slug}" is already taken`);
      if (++attempts >= MAX_SLUG_ATTEMPTS) throw error;
    }
  }
  throw new Error('unreachable');
}

async function loadOrganization(store: EventStore, organizationId: string): Promise<OrganizationState> {
  try {
    let state = initialOrganizationState();
    for (const event of await store.readStream(organizationStream(organizationId))) {
      state = evolveOrganization(state, event as unknown as OrganizationEvent);
    }
    return state;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return initialOrganizationState();
    throw error;
  }
}

/** Creates an organization with its creator as owner; the slug is derived from the name unless given. */
export async function createOrganization(
  store: EventStore,
  input: CreateOrganizationInput,
  creator: { id: string; email: string; name: string },
): Promise<{ id: string; name: string; slug: string; position: bigint }> {
  const organizationId = randomUUID();
  const context = newCommandContext({ orgId: organizationId, actorId: creator.id });
  const slug = await reserveSlug(
    store,
    input.slug ?? slugify(input.name),
    input.slug !== undefined,
    organizationId,
    context,
  );
  const result = await handleCommand(
    store,
    organizationStream(organizationId),
    organizationDecider,
    {
      type: 'CreateOrganization',
      data: {
        organizationId,
        name: input.name,
        slug,
        memberId: randomUUID(),
        creator: { userId: creator.id, email: creator.email, name: creator.name },
      },
    },
    context,
    { create: true, schemaVersion: ORGANIZATION_SCHEMA_VERSION },
  );
  return { id: organizationId, name: input.name, slug, position: result.position ?? 0n };
}

export function organizationRoutes(options: { store: EventStore; auth: AuthService }): FastifyPluginAsync {
  const { store, auth } = options;
  return async (app) => {
    app.post('/api/v1/organization/create', async (request, reply) => {
      const { user, session } = await requireSession(auth, request);
      const input = parseInput(createOrganizationSchema, request.body, 'body');
      const created = await createOrganization(store, input, user);
      // The creator starts working in the new organization straight away.
      await auth.setActiveOrganization(session.id, created.id);
      setEventPosition(reply, created.position);
      return reply
        .status(201)
        .send({ success: true, data: { id: created.id, name: created.name, slug: created.slug } });
    });

    app.post('/api/v1/organization/set-active', async (request, reply) => {
      const { user, session } = await requireSession(auth, request);
      const { organizationId } = parseInput(setActiveOrganizationSchema, request.body, 'body');
      const state = await loadOrganization(store, organizationId);
      requireMembership(state, user.id);
      await auth.setActiveOrganization(session.id, organizationId);
      return reply.send({ success: true });
    });
  };
}
