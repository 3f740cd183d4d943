import type { RecordedEvent } from '@dispatch/storage';
import type { Projection, ProjectionContext } from '../projection.ts';

/** Longest the projector applies events before it lets the process's other work run. */
const YIELD_EVERY_MS = 20;

/** The projections that apply each event type. */
export function projectionsByType(projections: Projection[]): Map<string, Projection[]> {
  const byType = new Map<string, Projection[]>();
  for (const projection of projections) {
    for (const type of projection.eventTypes) byType.set(type, [...(byType.get(type) ?? []), projection]);
  }
  return byType;
}

/** Applies a batch of events, in order, to the unit of work that stages its writes. */
export async function applyEvents(
  events: RecordedEvent[],
  byType: Map<string, Projection[]>,
  unit: ProjectionContext & { position: bigint; telling: boolean },
  untold: ReadonlySet<Projection> = new Set(),
) {
  let since = performance.now();
  for (const event of events) {
    unit.position = event.position;
    for (const projection of byType.get(event.type) ?? []) {
      unit.telling = !untold.has(projection);
      await projection.apply(event, unit);
    }
    unit.telling = true;
    // A catch-up batch of thousands of events is applied in about a second, through promises
    // that settle at once: let the process's other work (the live board's requests, when a
    // rebuild runs beside it) in between, rather than hold it up for the whole batch.
    if (performance.now() - since >= YIELD_EVERY_MS) {
      await new Promise(setImmediate);
      since = performance.now();
    }
  }
}
