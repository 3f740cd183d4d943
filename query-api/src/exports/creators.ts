import { type ActorDocument, collections } from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';

/** A posting's creator as an export names them, beside the `createdBy` id. */
export interface Creator {
  createdByName: string | null;
  createdByEmail: string | null;
}

const unknown: Creator = { createdByName: null, createdByEmail: null };

/**
 * The name and e-mail of everyone who acted in the organization (the activity log's actors, as they
 * joined, those who left included), read once per export: an organization has a few hundred members
 * at most, and a file of any length names them from this map.
 */
export async function creatorsOf(
  documents: DocumentStore,
  orgId: string,
): Promise<(userId: unknown) => Creator> {
  const actors = await documents.find<ActorDocument>(collections.activityActors, {
    filter: { orgId: { eq: orgId } },
  });
  const byId = new Map(
    actors.map((actor) => [actor.userId, { createdByName: actor.name, createdByEmail: actor.email }]),
  );
  return (userId) => (typeof userId === 'string' ? (byId.get(userId) ?? unknown) : unknown);
}
