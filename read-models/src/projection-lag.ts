import type { Document, DocumentStore, EventStore } from '@dispatch/storage';
import { APPLIED_PACE_SECONDS, type AppliedPace, LIVE_CHECKPOINT } from './checkpoints.ts';
import { collections } from './collections.ts';

/**
 * Waiting events are counted up to this many: positions are not event counts on every store
 * (EventStoreDB's are byte offsets), so the count reads them, and a projector far behind is
 * reported as "more than" rather than read to the end on every look.
 */
export const LAG_COUNT_CAP = 10_000;

export interface ProjectionLag {
  head: bigint;
  /** When the newest event happened; null for an empty log. */
  headAt: string | null;
  checkpoint: bigint;
  /** When the last applied event happened; null before the first. */
  appliedAt: string | null;
  lagEvents: number;
  lagEventsCapped: boolean;
  /** How long the oldest event not applied yet has waited, in ms; 0 at the head. */
  lagMs: number;
  /** Events applied over the last minute, and per second. */
  eventsLastMinute: number;
  eventsPerSecond: number;
}

type CheckpointDocument = Document & { applied?: AppliedPace };

/** The events after `position` up to `head`, read up to the cap plus one (more than the cap: "at least"). */
export async function waitingEvents(eventStore: EventStore, position: bigint, head: bigint) {
  if (position >= head) return [];
  return (await eventStore.readAll(position, LAG_COUNT_CAP + 1)).filter((event) => event.position <= head);
}

async function occurredAtOf(eventStore: EventStore, position: bigint): Promise<string | null> {
  if (position <= 0n) return null;
  // Positions only grow: the first event after `position - 1` is the one at `position`, on every store.
  const [event] = await eventStore.readAll(position - 1n, 1);
  return event?.position === position ? event.metadata.occurredAt : null;
}

/**
 * How far the read models in service are behind the log, read from the event store and the stored
 * checkpoint, so any process can tell (the query API's admin status, /metrics).
 */
export async function readProjectionLag(
  eventStore: EventStore,
  documents: DocumentStore,
  now: Date = new Date(),
): Promise<ProjectionLag> {
  const [head, stored] = await Promise.all([
    eventStore.headPosition(),
    documents.get<CheckpointDocument>(collections.checkpoints, LIVE_CHECKPOINT).catch(() => null),
  ]);
  const checkpoint = stored ? BigInt(stored.position) : 0n;
  const [headAt, appliedAt, pending] = await Promise.all([
    occurredAtOf(eventStore, head),
    occurredAtOf(eventStore, checkpoint),
    waitingEvents(eventStore, checkpoint, head),
  ]);
  const oldest = pending[0]?.metadata.occurredAt;
  const lagMs = oldest ? Math.max(0, now.getTime() - Date.parse(oldest)) : 0;
  const second = Math.floor(now.getTime() / 1000);
  const eventsLastMinute = (Array.isArray(stored?.applied) ? stored.applied : [])
    .filter(([at]) => at > second - APPLIED_PACE_SECONDS && at <= second)
    .reduce((sum, [, events]) => sum + events, 0);
  return {
    head,
    headAt,
    checkpoint,
    appliedAt,
    lagEvents: Math.min(pending.length, LAG_COUNT_CAP),
    lagEventsCapped: pending.length > LAG_COUNT_CAP,
    lagMs: Number.isFinite(lagMs) ? Math.round(lagMs) : 0,
    eventsLastMinute,
    eventsPerSecond: Math.round((eventsLastMinute / APPLIED_PACE_SECONDS) * 10) / 10,
  };
}
