import {
  applyLoadEvent,
  decideLoad,
  evolveLoad,
  initialLoadState,
  type Load,
  type LoadCommand,
  type LoadEvent,
  type LoadState,
} from '@dispatch/domain';
import type { Decider } from '../command-handler.ts';

/** The decision state plus the load as the product shows it, so a command can answer with it. */
export interface LoadCommandState {
  decision: LoadState;
  view: Load | null;
}

export const loadDecider: Decider<LoadCommandState, LoadCommand, LoadEvent> = {
  initialState: () => ({ decision: initialLoadState(), view: null }),
  evolve: (state, event, recorded) => ({
    decision: evolveLoad(state.decision, event, recorded.metadata.orgId),
    view: applyLoadEvent(state.view, { ...event, revision: recorded.revision, metadata: recorded.metadata }),
  }),
  decide: (command, state) => decideLoad(command, state.decision),
};
