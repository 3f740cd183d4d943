import { type Decider, withView } from '../shared/decider.ts';
import { assertNever, illegalState, notFound } from '../shared/errors.ts';
import { changedFields } from '../shared/posting.ts';
import type { LoadEvent } from './events.ts';
import type { Load, LoadChanges, LoadInput } from './schemas.ts';
import { applyLoadEvent } from './view.ts';

export type LoadState =
  | { status: 'none' }
  | { status: 'posted'; orgId: string; load: LoadInput }
  | { status: 'removed'; orgId: string };

export type LoadCommand =
  | { type: 'PostLoad'; data: { loadId: number; orgId: string; input: LoadInput } }
  | { type: 'UpdateLoad'; data: { loadId: number; orgId: string; changes: LoadChanges } }
  | { type: 'RemoveLoad'; data: { loadId: number; orgId: string } };

export const initialLoadState = (): LoadState => ({ status: 'none' });

/** `orgId` is not in the events' data: it travels in their metadata and is given here. */
export function evolveLoad(state: LoadState, event: LoadEvent, orgId: string): LoadState {
  switch (event.type) {
    case 'LoadPosted': {
      const { loadId: _id, ...load } = event.data;
      return { status: 'posted', orgId, load };
    }
    case 'LoadUpdated':
      return state.status === 'posted' ? { ...state, load: { ...state.load, ...event.data.changes } } : state;
    case 'LoadRemoved':
      return { status: 'removed', orgId };
    default:
      return assertNever(event);
  }
}

function assertOwnLoad(state: LoadState, orgId: string, loadId: number) {
  // Another organization's load is reported exactly like a missing one: its existence is not disclosed.
  if (state.status !== 'posted' || state.orgId !== orgId) throw notFound(`Load ${loadId} not found`);
  return state;
}

export function decideLoad(command: LoadCommand, state: LoadState): LoadEvent[] {
  switch (command.type) {
    case 'PostLoad': {
      if (state.status !== 'none') throw illegalState(`Load ${command.data.loadId} already exists`);
      return [{ type: 'LoadPosted', data: { loadId: command.data.loadId, ...command.data.input } }];
    }
    case 'UpdateLoad': {
      const current = assertOwnLoad(state, command.data.orgId, command.data.loadId);
      const changes = changedFields(current.load, command.data.changes);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'LoadUpdated', data: { loadId: command.data.loadId, changes } }];
    }
    case 'RemoveLoad': {
      assertOwnLoad(state, command.data.orgId, command.data.loadId);
      return [{ type: 'LoadRemoved', data: { loadId: command.data.loadId } }];
    }
    default:
      return assertNever(command);
  }
}

export const loadDecider: Decider<LoadState, LoadCommand, LoadEvent> = {
  initialState: initialLoadState,
  evolve: (state, event) => evolveLoad(state, event, event.metadata.orgId),
  decide: decideLoad,
};

/** The load decider whose state also holds the load as the product shows it, for a command's answer. */
export const loadCommandDecider = withView<LoadState, LoadCommand, LoadEvent, Load>(
  loadDecider,
  applyLoadEvent,
);
