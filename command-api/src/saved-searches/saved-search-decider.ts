import {
  applySavedSearchEvent,
  decideSavedSearch,
  evolveSavedSearch,
  initialSavedSearchState,
  SAVED_SEARCH_SCHEMA_VERSION,
  type SavedSearch,
  type SavedSearchCommand,
  type SavedSearchEvent,
  type SavedSearchState,
  savedSearchStream,
} from '@dispatch/domain';
import type { EventStore } from '@dispatch/storage';
import { type CommandContext, type Decider, handleCommand } from '../command-handler.ts';

/** The decision state plus the search as its owner sees it, so a command can answer with it. */
export interface SavedSearchCommandState {
  decision: SavedSearchState;
  view: SavedSearch | null;
}

export const savedSearchDecider: Decider<SavedSearchCommandState, SavedSearchCommand, SavedSearchEvent> = {
  initialState: () => ({ decision: initialSavedSearchState(), view: null }),
  evolve: (state, event, recorded) => ({
    decision: evolveSavedSearch(state.decision, event, recorded.metadata.orgId),
    view: applySavedSearchEvent(state.view, {
      ...event,
      revision: recorded.revision,
      metadata: recorded.metadata,
    }),
  }),
  decide: (command, state) => decideSavedSearch(command, state.decision),
};

/** Decides `command` on the saved search's stream and appends what it decided. */
export function runSavedSearchCommand(
  store: EventStore,
  savedSearchId: string,
  command: SavedSearchCommand,
  context: CommandContext,
  options: { create?: boolean; statedRevision?: bigint } = {},
) {
  return handleCommand(store, savedSearchStream(savedSearchId), savedSearchDecider, command, context, {
    ...options,
    schemaVersion: SAVED_SEARCH_SCHEMA_VERSION,
    // The product's own commands (the e-mail sweep) act in the search's organization.
    organizationOf: (state) => (state.decision.status === 'none' ? null : state.decision.orgId),
  });
}
