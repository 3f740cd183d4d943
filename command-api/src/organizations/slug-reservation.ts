import {
  conflict,
  ORGANIZATION_SCHEMA_VERSION,
  organizationSlugStream,
  type SlugEvent,
  slugCandidates,
} from '@dispatch/domain';
import {
  type EventStore,
  newEventId,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@dispatch/storage';
import { type CommandContext, clientMetadata } from '../command-handler.ts';

const MAX_SLUG_ATTEMPTS = 50;

async function reservedFor(store: EventStore, slug: string): Promise<string | null> {
  try {
    const [first] = await store.readStream(organizationSlugStream(slug));
    return (first as unknown as SlugEvent | undefined)?.data.organizationId ?? null;
  } catch (error) {
    if (error instanceof StreamNotFoundError) return null;
    throw error;
  }
}

/**
 * Slugs are unique because each one is a stream: the first append with "no_stream" wins.
 * A requested slug that is taken is a conflict, unless the organization held it before; a derived
 * one moves on to slug-2, slug-3, …
 */
export async function reserveSlug(
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
              ...clientMetadata(context),
            },
          },
        ],
        { expected: 'no_stream' },
      );
      return slug;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (exact) {
        if ((await reservedFor(store, slug)) === organizationId) return slug;
        throw conflict(`The slug "${slug}" is already taken`);
      }
      if (++attempts >= MAX_SLUG_ATTEMPTS) throw error;
    }
  }
  throw new Error('unreachable');
}
