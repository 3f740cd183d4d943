import { conflict, SAVED_SEARCHES_MAX } from '@dispatch/domain';
import { collections } from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { savedSearchPlaces } from '../aggregates.ts';
import { type CommandContext, handle } from '../command-handler.ts';

/**
 * Each lost race is another save taking a place, so after the cap's worth of them the cap itself
 * refuses: a save is decided within this many attempts, however many arrive together.
 */
const MAX_ATTEMPTS = SAVED_SEARCHES_MAX + 10;
const COUNT_PAGE = 500;

type Owner = { orgId: string; userId: string };

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
  await handle(
    store,
    savedSearchPlaces,
    owner,
    async (state) => ({
      type: 'TakeSavedSearchPlace' as const,
      data: { savedSearchId, counted: state.counted ? null : await keptInReadModel(documents, owner) },
    }),
    { ...context, orgId: owner.orgId },
    {
      attempts: MAX_ATTEMPTS,
      exhausted: () => conflict('Too many saved searches are being saved at once. Try again.'),
    },
  );
}

/** Frees the place of a deleted (or never created) search. Freeing is the same in any order. */
export async function freeSavedSearchPlace(
  store: EventStore,
  owner: Owner,
  savedSearchId: string,
  context: CommandContext,
): Promise<void> {
  await handle(
    store,
    savedSearchPlaces,
    owner,
    { type: 'FreeSavedSearchPlace', data: { savedSearchId } },
    { ...context, orgId: owner.orgId },
    { unconditional: true },
  );
}
