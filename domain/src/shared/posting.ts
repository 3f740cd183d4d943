/** Rules trucks and loads (the board's postings) share. */

/** The fields of an edit whose value really differs from the posting's current one. */
export function changedFields<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  const changed: Partial<T> = {};
  for (const [field, value] of Object.entries(changes) as [keyof T, T[keyof T] | undefined][]) {
    if (value !== undefined && current[field] !== value) changed[field] = value;
  }
  return changed;
}

/** What a posting's view takes from a recorded event besides its type and data. */
export interface PostingEventEnvelope {
  revision: bigint;
  metadata: { actorId: string; occurredAt: string };
}

/** The bookkeeping fields of a posting's view after its creation event. */
export function postedStamp(event: PostingEventEnvelope) {
  const { actorId, occurredAt } = event.metadata;
  return {
    createdBy: actorId,
    updatedBy: actorId,
    createdAt: occurredAt,
    updatedAt: occurredAt,
    postedAt: occurredAt,
    refreshedAt: occurredAt,
    expired: false,
    version: Number(event.revision),
  };
}

/** The bookkeeping fields of a posting's view after a refresh, or a re-post of an expired one: its age starts again. */
export function refreshedStamp(event: PostingEventEnvelope) {
  return { ...updatedStamp(event), refreshedAt: event.metadata.occurredAt, expired: false };
}

/** The bookkeeping fields of a posting's view once it expired: it keeps its last editor. */
export function expiredStamp(event: PostingEventEnvelope) {
  return { updatedAt: event.metadata.occurredAt, expired: true, version: Number(event.revision) };
}

/** The bookkeeping fields of a posting's view after an edit. */
export function updatedStamp(event: PostingEventEnvelope) {
  return {
    updatedBy: event.metadata.actorId,
    updatedAt: event.metadata.occurredAt,
    version: Number(event.revision),
  };
}
