import {
  applyTruckEvent,
  decideTruck,
  evolveTruck,
  initialTruckState,
  type Truck,
  type TruckCommand,
  type TruckEvent,
  type TruckState,
} from '@dispatch/domain';
import type { Decider } from '../command-handler.ts';

/** The decision state plus the truck as the product shows it, so a command can answer with it. */
export interface TruckCommandState {
  decision: TruckState;
  view: Truck | null;
}

export const truckDecider: Decider<TruckCommandState, TruckCommand, TruckEvent> = {
  initialState: () => ({ decision: initialTruckState(), view: null }),
  evolve: (state, event, recorded) => ({
    decision: evolveTruck(state.decision, event, recorded.metadata.orgId),
    view: applyTruckEvent(state.view, { ...event, revision: recorded.revision, metadata: recorded.metadata }),
  }),
  decide: (command, state) => decideTruck(command, state.decision),
};
