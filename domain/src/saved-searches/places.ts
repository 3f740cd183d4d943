import type { Decider } from '../shared/decider.ts';
import { assertNever } from '../shared/errors.ts';
import {
  decidePlace,
  evolvePlaces,
  initialPlacesState,
  type PlaceChange,
  type PlacesState,
} from '../shared/places.ts';
import { SAVED_SEARCHES_MAX, SAVED_SEARCHES_MAX_MESSAGE } from './schemas.ts';

/** The places one user's saved searches hold in one organization (see `PlacesState`). */
export type SavedSearchPlaceEvent =
  | { type: 'SavedSearchesCounted'; data: { savedSearchIds: string[] } }
  | { type: 'SavedSearchPlaceTaken'; data: { savedSearchId: string } }
  | { type: 'SavedSearchPlaceFreed'; data: { savedSearchId: string } };

export const SAVED_SEARCH_PLACES_SCHEMA_VERSION = 1;

export const savedSearchPlacesStream = (orgId: string, userId: string) =>
  `savedSearchOwner-${orgId}_${userId}`;

export type SavedSearchPlacesState = PlacesState;

export const initialSavedSearchPlacesState = initialPlacesState;

const changeOf = (event: SavedSearchPlaceEvent): PlaceChange => {
  switch (event.type) {
    case 'SavedSearchesCounted':
      return { kind: 'counted', ids: event.data.savedSearchIds };
    case 'SavedSearchPlaceTaken':
      return { kind: 'taken', id: event.data.savedSearchId };
    case 'SavedSearchPlaceFreed':
      return { kind: 'freed', id: event.data.savedSearchId };
    default:
      return assertNever(event);
  }
};

const eventOf = (change: PlaceChange): SavedSearchPlaceEvent =>
  change.kind === 'counted'
    ? { type: 'SavedSearchesCounted', data: { savedSearchIds: change.ids } }
    : change.kind === 'taken'
      ? { type: 'SavedSearchPlaceTaken', data: { savedSearchId: change.id } }
      : { type: 'SavedSearchPlaceFreed', data: { savedSearchId: change.id } };

export const evolveSavedSearchPlaces = (state: SavedSearchPlacesState, event: SavedSearchPlaceEvent) =>
  evolvePlaces(state, changeOf(event));

/**
 * A place for a new search, or the cap's refusal. `counted` is what the read model holds of the
 * user's searches, needed (and recorded) only while the stream has not counted them yet.
 */
export const decideSavedSearchPlace = (
  state: SavedSearchPlacesState,
  savedSearchId: string,
  counted: string[] | null,
): SavedSearchPlaceEvent[] =>
  decidePlace(state, savedSearchId, counted, {
    max: SAVED_SEARCHES_MAX,
    message: SAVED_SEARCHES_MAX_MESSAGE,
  }).map(eventOf);

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
