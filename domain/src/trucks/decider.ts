import { type Decider, withView } from '../shared/decider.ts';
import { assertNever, illegalState, notFound } from '../shared/errors.ts';
import { changedFields } from '../shared/posting.ts';
import type { TruckEvent } from './events.ts';
import type { Truck, TruckChanges, TruckInput } from './schemas.ts';
import { applyTruckEvent } from './view.ts';

export type TruckState =
  | { status: 'none' }
  | { status: 'posted'; orgId: string; truck: TruckInput }
  | { status: 'removed'; orgId: string };

export type TruckCommand =
  | { type: 'PostTruck'; data: { truckId: number; orgId: string; input: TruckInput } }
  | { type: 'UpdateTruck'; data: { truckId: number; orgId: string; changes: TruckChanges } }
  | { type: 'RemoveTruck'; data: { truckId: number; orgId: string } };

export const initialTruckState = (): TruckState => ({ status: 'none' });

/** `orgId` is not in the events' data: it travels in their metadata and is given here. */
export function evolveTruck(state: TruckState, event: TruckEvent, orgId: string): TruckState {
  switch (event.type) {
    case 'TruckPosted': {
      const { truckId: _id, ...truck } = event.data;
      return { status: 'posted', orgId, truck };
    }
    case 'TruckUpdated':
      return state.status === 'posted'
        ? { ...state, truck: { ...state.truck, ...event.data.changes } }
        : state;
    case 'TruckRemoved':
      return { status: 'removed', orgId };
    default:
      return assertNever(event);
  }
}

function assertOwnTruck(state: TruckState, orgId: string, truckId: number) {
  // Another organization's truck is reported exactly like a missing one: its existence is not disclosed.
  if (state.status !== 'posted' || state.orgId !== orgId) throw notFound(`Truck ${truckId} not found`);
  return state;
}

export function decideTruck(command: TruckCommand, state: TruckState): TruckEvent[] {
  switch (command.type) {
    case 'PostTruck': {
      if (state.status !== 'none') throw illegalState(`Truck ${command.data.truckId} already exists`);
      return [{ type: 'TruckPosted', data: { truckId: command.data.truckId, ...command.data.input } }];
    }
    case 'UpdateTruck': {
      const current = assertOwnTruck(state, command.data.orgId, command.data.truckId);
      const changes = changedFields(current.truck, command.data.changes);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'TruckUpdated', data: { truckId: command.data.truckId, changes } }];
    }
    case 'RemoveTruck': {
      assertOwnTruck(state, command.data.orgId, command.data.truckId);
      return [{ type: 'TruckRemoved', data: { truckId: command.data.truckId } }];
    }
    default:
      return assertNever(command);
  }
}

export const truckDecider: Decider<TruckState, TruckCommand, TruckEvent> = {
  initialState: initialTruckState,
  evolve: (state, event) => evolveTruck(state, event, event.metadata.orgId),
  decide: decideTruck,
};

/** The truck decider whose state also holds the truck as the product shows it, for a command's answer. */
export const truckCommandDecider = withView<TruckState, TruckCommand, TruckEvent, Truck>(
  truckDecider,
  applyTruckEvent,
);
