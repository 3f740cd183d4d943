import type { Decider } from '../shared/decider.ts';
import { assertNever, illegalState } from '../shared/errors.ts';
import { SAVED_SEARCHES_MAX, SAVED_SEARCHES_MAX_MESSAGE } from './schemas.ts';

/**
 * The places one user's saved searches hold in one organization, on a stream of their own: every
 * save takes a place there and every delete frees one, each append stating the revision it decided
 * on, so that saves made at the same moment cannot pass the last free place together. The searches
 * kept before the places were recorded are counted once, from the read model, by the first save.
 */
export type SavedSearchPlaceEvent =
  | { type: 'SavedSearchesCounted'; data: { savedSearchIds: string[] } }
  | { type: 'SavedSearchPlaceTaken'; data: { savedSearchId: string } }
  | { type: 'SavedSearchPlaceFreed'; data: { savedSearchId: string } };

export const SAVED_SEARCH_PLACES_SCHEMA_VERSION = 1;

export const savedSearchPlacesStream = (orgId: string, userId: string) =>
  `savedSearchOwner-${orgId}_${userId}`;

export interface SavedSearchPlacesState {
  /** Whether the searches kept before the places were recorded have been counted. */
  counted: boolean;
  /** The searches holding a place. */
  kept: Set<string>;
  /** Searches freed: a count read from a read model not yet aware of their deletion leaves them out. */
  freed: Set<string>;
}

export const initialSavedSearchPlacesState = (): SavedSearchPlacesState => ({
  counted: false,
  kept: new Set(),
  freed: new Set(),
});

/** The fold owns its state: the sets change in place. */
export function evolveSavedSearchPlaces(
  state: SavedSearchPlacesState,
  event: SavedSearchPlaceEvent,
): SavedSearchPlacesState {
  switch (event.type) {
    case 'SavedSearchesCounted':
      for (const id of event.data.savedSearchIds) if (!state.freed.has(id)) state.kept.add(id);
      return { ...state, counted: true };
    case 'SavedSearchPlaceTaken':
      state.kept.add(event.data.savedSearchId);
      return state;
    case 'SavedSearchPlaceFreed':
      state.kept.delete(event.data.savedSearchId);
      state.freed.add(event.data.savedSearchId);
      return state;
    default:
      return assertNever(event);
  }
}

/**
 * A place for a new search, or the cap's refusal. `counted` is what the read model holds of the
 * user's searches, needed (and recorded) only while the stream has not counted them yet.
 */
export function decideSavedSearchPlace(
  state: SavedSearchPlacesState,
  savedSearchId: string,
  counted: string[] | null,
): SavedSearchPlaceEvent[] {
  const events: SavedSearchPlaceEvent[] = [];
  let kept = state.kept.size;
  if (!state.counted) {
    if (counted === null) throw new Error('The saved searches kept so far must be counted first');
    events.push({ type: 'SavedSearchesCounted', data: { savedSearchIds: counted } });
    kept = new Set([...state.kept, ...counted.filter((id) => !state.freed.has(id))]).size;
  }
  if (kept >= SAVED_SEARCHES_MAX) throw illegalState(SAVED_SEARCHES_MAX_MESSAGE);
  events.push({ type: 'SavedSearchPlaceTaken', data: { savedSearchId } });
  return events;
}

export type SavedSearchPlaceCommand =
  /** `counted`: what the read model holds of the user's searches, while the stream has not counted them. */
  | { type: 'TakeSavedSearchPlace'; data: { savedSearchId: string; counted: string[] | null } }
  /** Freeing is the same in any order: a deleted (or never created) search gives its place back. */
  | { type: 'FreeSavedSearchPlace'; data: { savedSearchId: string } };

export const savedSearchPlacesDecider: Decider<
  SavedSearchPlacesState,
  SavedSearchPlaceCommand,
  SavedSearchPlaceEvent
> = {
  initialState: initialSavedSearchPlacesState,
  evolve: evolveSavedSearchPlaces,
  decide: (command, state) => {
    switch (command.type) {
      case 'TakeSavedSearchPlace':
        return decideSavedSearchPlace(state, command.data.savedSearchId, command.data.counted);
      case 'FreeSavedSearchPlace':
        return [{ type: 'SavedSearchPlaceFreed', data: { savedSearchId: command.data.savedSearchId } }];
      default:
        return assertNever(command);
    }
  },
};
