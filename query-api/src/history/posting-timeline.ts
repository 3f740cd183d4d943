import type { RecordedEvent } from '@dispatch/storage';

/** One field an event changed, from what to what (null when it had no value). */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** One event of a posting's life, as its history screen shows it. */
export interface TimelineEntry {
  revision: number;
  position: string;
  type: string;
  occurredAt: string;
  actorId: string;
  changes: FieldChange[];
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';
const same = (a: unknown, b: unknown) =>
  (isBlank(a) && isBlank(b)) || JSON.stringify(a) === JSON.stringify(b);

/**
 * Folds a posting's stream into its timeline: the creation lists the values it was posted with, an
 * edit the fields whose value it actually changed (an edit that sends a field unchanged does not
 * mention it), a removal nothing. `idField` is the event field naming the posting (truckId, loadId).
 */
export function postingTimeline(events: RecordedEvent[], idField: string): TimelineEntry[] {
  let state: Record<string, unknown> = {};
  return events.map((event) => {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const changes: FieldChange[] = [];
    if (event.type.endsWith('Posted')) {
      const { [idField]: _id, ...fields } = data;
      state = { ...fields };
      for (const [field, to] of Object.entries(fields)) {
        if (!isBlank(to)) changes.push({ field, from: null, to });
      }
    } else if (event.type.endsWith('Updated')) {
      const edits = (data.changes ?? {}) as Record<string, unknown>;
      for (const [field, to] of Object.entries(edits)) {
        const from = state[field] ?? null;
        if (!same(from, to)) changes.push({ field, from, to: to ?? null });
        state[field] = to;
      }
    }
    return {
      revision: Number(event.revision),
      position: event.position.toString(),
      type: event.type,
      occurredAt: event.metadata.occurredAt,
      actorId: event.metadata.actorId,
      changes,
    };
  });
}
