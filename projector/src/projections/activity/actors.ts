import { type ActorDocument, actorDocumentId, collections, SYSTEM_ACTOR_NAME } from '@dispatch/read-models';
import type { ProjectionContext } from '../../projection.ts';

/** A user's name in the organization, for a team's members; their id when the log never met them. */
export async function userName(
  context: ProjectionContext,
  orgId: string,
  userId: unknown,
): Promise<string | null> {
  if (typeof userId !== 'string') return null;
  const actor = await context.get<ActorDocument>(collections.activityActors, actorDocumentId(orgId, userId));
  return actor?.name ?? userId;
}

/** The actor's name: from the event when it tells, the product's own actor, else as they joined. */
export async function actorNameOf(
  context: ProjectionContext,
  orgId: string,
  actorId: string,
  told: string | null | undefined,
): Promise<string | null> {
  if (told) return told;
  if (actorId.startsWith('system:')) return SYSTEM_ACTOR_NAME;
  const actor = await context.get<ActorDocument>(collections.activityActors, actorDocumentId(orgId, actorId));
  return actor?.name ?? null;
}
