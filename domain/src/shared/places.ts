import { illegalState } from './errors.ts';

/**
 * Places under a cap, kept on a stream of their own: every new item takes a place there and every
 * removal frees one, each append stating the revision it decided on, so that items made at the same
 * moment cannot pass the last free place together. The items kept before the places were recorded
 * are counted once, from the read model, by the first take.
 */
export interface PlacesState {
  /** Whether the items kept before the places were recorded have been counted. */
  counted: boolean;
  /** The items holding a place. */
  kept: Set<string>;
  /** Items freed: a count read from a read model not yet aware of their removal leaves them out. */
  freed: Set<string>;
}

export const initialPlacesState = (): PlacesState => ({ counted: false, kept: new Set(), freed: new Set() });

/** What a places stream records, whatever the items are. */
export type PlaceChange = { kind: 'counted'; ids: string[] } | { kind: 'taken' | 'freed'; id: string };

/** The fold owns its state: the sets change in place. */
export function evolvePlaces(state: PlacesState, change: PlaceChange): PlacesState {
  if (change.kind === 'counted') {
    for (const id of change.ids) if (!state.freed.has(id)) state.kept.add(id);
    return { ...state, counted: true };
  }
  if (change.kind === 'taken') {
    state.kept.add(change.id);
    return state;
  }
  state.kept.delete(change.id);
  state.freed.add(change.id);
  return state;
}

/**
 * A place for a new item, or the cap's refusal (`message`). `counted` is what the read model holds of
 * the items, needed (and recorded) only while the stream has not counted them yet.
 */
export function decidePlace(
  state: PlacesState,
  id: string,
  counted: string[] | null,
  cap: { max: number; message: string },
): PlaceChange[] {
  const changes: PlaceChange[] = [];
  let kept = state.kept.size;
  if (!state.counted) {
    if (counted === null) throw new Error('The items kept so far must be counted first');
    changes.push({ kind: 'counted', ids: counted });
    kept = new Set([...state.kept, ...counted.filter((item) => !state.freed.has(item))]).size;
  }
  if (kept >= cap.max) throw illegalState(cap.message);
  changes.push({ kind: 'taken', id });
  return changes;
}
