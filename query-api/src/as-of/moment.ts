import { AS_OF_POSITION_MESSAGE } from '@dispatch/domain';
import { InputError } from '@dispatch/http';
import type { EventStore } from '@dispatch/storage';

/** The moment a list is answered as of: its instant, and the event position it was asked by, if any. */
export interface AsOfMoment {
  at: string;
  position: string | null;
}

/** What became of a row shown as of a moment, since then: still the same, changed, or removed. */
export type SinceMark = 'unchanged' | 'changed' | 'removed';

/**
 * The instant `asOf` names: itself, or the instant of the event at that position of the log. A
 * position must be one of the organization's own events: any other (another organization's, the
 * platform's, none) is refused alike, so that a position never tells of anyone else's activity.
 */
export async function resolveAsOf(
  eventStore: EventStore,
  orgId: string,
  asOf: string | undefined,
): Promise<AsOfMoment | null> {
  if (asOf === undefined) return null;
  if (!/^\d+$/.test(asOf)) return { at: asOf, position: null };
  const position = BigInt(asOf);
  const [event] = position > 0n ? await eventStore.readAll(position - 1n, 1) : [];
  if (!event || event.position !== position || event.metadata.orgId !== orgId) {
    throw new InputError('query', { asOf: [AS_OF_POSITION_MESSAGE] });
  }
  return { at: event.metadata.occurredAt, position: asOf };
}

/** What an as-of answer says beside its page: the moment, and how many rows were added since. */
export interface AsOfAnswer {
  at: string;
  position: string | null;
  addedSince: number;
}
