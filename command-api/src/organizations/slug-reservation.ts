import { conflict, slugCandidates, slugTakenMessage } from '@dispatch/domain';
import { type EventStore, WrongExpectedRevisionError } from '@dispatch/storage';
import { slugReservations } from '../aggregates.ts';
import { type CommandContext, handle, readStreamState } from '../command-handler.ts';

const MAX_SLUG_ATTEMPTS = 50;

async function reservedFor(store: EventStore, slug: string): Promise<string | null> {
  const { state } = await readStreamState(store, slugReservations.stream(slug), slugReservations.decider);
  return state.organizationId;
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
      await handle(
        store,
        slugReservations,
        slug,
        { type: 'ReserveSlug', data: { slug, organizationId } },
        { ...context, orgId: organizationId },
        { create: true },
      );
      return slug;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (exact) {
        if ((await reservedFor(store, slug)) === organizationId) return slug;
        throw conflict(slugTakenMessage(slug));
      }
      if (++attempts >= MAX_SLUG_ATTEMPTS) throw error;
    }
  }
  throw new Error('unreachable');
}
