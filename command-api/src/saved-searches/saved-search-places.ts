import {
  SAVED_SEARCHES_MAX,
  type SavedSearchPlaceCommand,
  type SavedSearchPlaceEvent,
} from '@dispatch/domain';
import { collections } from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { savedSearchPlaces } from '../aggregates.ts';
import type { CommandContext } from '../command-handler.ts';
import { freePlace, type Places, takePlace } from '../places.ts';

type Owner = { orgId: string; userId: string };

/** One user's saved searches in one organization, capped at SAVED_SEARCHES_MAX. */
const places: Places<Owner, SavedSearchPlaceCommand, SavedSearchPlaceEvent> = {
  aggregate: savedSearchPlaces,
  take: (savedSearchId, counted) => ({ type: 'TakeSavedSearchPlace', data: { savedSearchId, counted } }),
  free: (savedSearchId) => ({ type: 'FreeSavedSearchPlace', data: { savedSearchId } }),
  kept: (owner) => ({
    collection: collections.savedSearches,
    filter: { orgId: { eq: owner.orgId }, ownerId: { eq: owner.userId } },
  }),
  attempts: SAVED_SEARCHES_MAX + 10,
  busyMessage: 'Too many saved searches are being saved at once. Try again.',
};

/** Takes a place for a new saved search of the owner, or refuses it at the cap. */
export const takeSavedSearchPlace = (
  store: EventStore,
  documents: DocumentStore,
  owner: Owner,
  savedSearchId: string,
  context: CommandContext,
) => takePlace(store, documents, places, owner, savedSearchId, context);

/** Frees the place of a deleted (or never created) search. */
export const freeSavedSearchPlace = (
  store: EventStore,
  owner: Owner,
  savedSearchId: string,
  context: CommandContext,
) => freePlace(store, places, owner, savedSearchId, context);
