import type { Decider } from './decider.ts';

/** A run of reserved ids, `first` to `last` inclusive, as the reservation event records it. */
export interface IdBlock {
  first: number;
  last: number;
}

/**
 * An event of an id sequence stream: a block (`TruckIdsReserved`, data `{ first, last }`), or one id
 * of the former scheme (`TruckIdAllocated`, data `{}`), which gave out its revision + 1.
 */
export interface IdSequenceEvent {
  type: string;
  data: Partial<IdBlock> | null;
}

export interface IdSequenceState {
  /** The highest id reserved so far. */
  last: number;
}

export interface ReserveIds {
  type: 'ReserveIds';
  /** `eventType` names the sequence's block event (`TruckIdsReserved`). */
  data: { eventType: string; size: number };
}

/** The ids of trucks, loads and envelopes: each block follows the last one without a gap. */
export const idSequenceDecider: Decider<IdSequenceState, ReserveIds, IdSequenceEvent> = {
  initialState: () => ({ last: 0 }),
  evolve: (_state, event) => ({
    last: typeof event.data?.last === 'number' ? event.data.last : Number(event.revision) + 1,
  }),
  decide: (command, state) => [
    { type: command.data.eventType, data: { first: state.last + 1, last: state.last + command.data.size } },
  ],
};
