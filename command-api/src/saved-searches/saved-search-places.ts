import {
  conflict,
  decideSavedSearchPlace,
  evolveSavedSearchPlaces,
  initialSavedSearchPlacesState,
  SAVED_SEARCH_PLACES_SCHEMA_VERSION,
  SAVED_SEARCHES_MAX,
  type SavedSearchPlaceEvent,
  savedSearchPlacesStream,
} from '@dispatch/domain';
import { collections } from '@dispatch/projector';
import {
  type DocumentStore,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  newEventId,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@dispatch/storage';
import { type CommandContext, clientMetadata } from '../command-handler.ts';

/**
 * Each lost race is another save taking a place, so after the cap's worth of them the cap itself
 * refuses: a save is decided within this many attempts, however many arrive together.
 */
const MAX_ATTEMPTS = SAVED_SEARCHES_MAX + 10;
const COUNT_PAGE = 500;

type Owner = { orgId: string; userId: string };

function metadataOf(context: CommandContext, orgId: string): EventMetadata {
  return {
    orgId,
    actorId: context.actorId,
    correlationId: context.correlationId,
    causationId: context.commandId,
    schemaVersion: SAVED_SEARCH_PLACES_SCHEMA_VERSION,
    occurredAt: context.now().toISOString(),
    ...clientMetadata(context),
  };
}

async function readPlaces(store: EventStore, owner: Owner) {
  let state = initialSavedSearchPlacesState();
  let revision: bigint | null = null;
  try {
    for (const recorded of await store.readStream(savedSearchPlacesStream(owner.orgId, owner.userId))) {
      state = evolveSavedSearchPlaces(state, recorded as unknown as SavedSearchPlaceEvent);
      revision = recorded.revision;
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return { state, revision };
}

/** The user's searches as the read model holds them: those kept before places were recorded. */
async function keptInReadModel(documents: DocumentStore, owner: Owner): Promise<string[]> {
  const ids: string[] = [];
  for (let skip = 0; ; skip += COUNT_PAGE) {
    const page = await documents.find(collections.savedSearches, {
      filter: { orgId: { eq: owner.orgId }, ownerId: { eq: owner.userId } },
      skip,
      limit: COUNT_PAGE,
    });
    ids.push(...page.map((document) => document.id));
    if (page.length < COUNT_PAGE) return ids;
  }
}

/**
 * Takes a place for a new saved search of the owner, or refuses it at the cap (SAVED_SEARCHES_MAX).
 * Decided on the owner's places stream with the revision read: of saves made together, one appends
 * and the others decide again on what it left.
 */
export async function takeSavedSearchPlace(
  store: EventStore,
  documents: DocumentStore,
  owner: Owner,
  savedSearchId: string,
  context: CommandContext,
): Promise<void> {
  const stream = savedSearchPlacesStream(owner.orgId, owner.userId);
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await readPlaces(store, owner);
    const counted = state.counted ? null : await keptInReadModel(documents, owner);
    const events = decideSavedSearchPlace(state, savedSearchId, counted);
    const expected: ExpectedRevision = revision === null ? 'no_stream' : revision;
    const metadata = metadataOf(context, owner.orgId);
    try {
      await store.append(
        stream,
        events.map((event) => ({ id: newEventId(), ...event, metadata })),
        { expected },
      );
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= MAX_ATTEMPTS)
        throw conflict('Too many saved searches are being saved at once. Try again.');
    }
  }
}

/** Frees the place of a deleted (or never created) search. Freeing is the same in any order. */
export async function freeSavedSearchPlace(
  store: EventStore,
  owner: Owner,
  savedSearchId: string,
  context: CommandContext,
): Promise<void> {
  const event: SavedSearchPlaceEvent = { type: 'SavedSearchPlaceFreed', data: { savedSearchId } };
  await store.append(
    savedSearchPlacesStream(owner.orgId, owner.userId),
    [{ id: newEventId(), ...event, metadata: metadataOf(context, owner.orgId) }],
    { expected: 'any' },
  );
}
