import {
  ENVELOPE_ID_SEQUENCE_STREAM,
  type IdSequenceState,
  LOAD_ID_SEQUENCE_STREAM,
  TRUCK_ID_SEQUENCE_STREAM,
} from '@dispatch/domain';
import type { EventStore } from '@dispatch/storage';
import { idSequences } from './aggregates.ts';
import { type CommandContext, handle, type StreamState } from './command-handler.ts';

/** A stream that hands out the numeric ids of one kind of posting, and the event it records. */
export interface IdSequence {
  stream: string;
  /** The event of the former scheme, one per id (`TruckIdAllocated`); blocks are `…IdsReserved` events. */
  allocatedEvent: string;
}

/** How many ids a process reserves at a time. */
export const ID_BLOCK_SIZE = 100;

export const truckIds: IdSequence = { stream: TRUCK_ID_SEQUENCE_STREAM, allocatedEvent: 'TruckIdAllocated' };
export const loadIds: IdSequence = { stream: LOAD_ID_SEQUENCE_STREAM, allocatedEvent: 'LoadIdAllocated' };
export const envelopeIds: IdSequence = {
  stream: ENVELOPE_ID_SEQUENCE_STREAM,
  allocatedEvent: 'EnvelopeIdAllocated',
};

/** `TruckIdAllocated` → `TruckIdsReserved`: the event that records a block of a sequence. */
export function reservedEventOf(sequence: IdSequence): string {
  return `${sequence.allocatedEvent.replace(/IdAllocated$/, '')}IdsReserved`;
}

/**
 * Hands out the numeric ids of trucks, loads and envelopes (docs/rules.md#entities-and-fields), allocated on the command
 * side so a rebuild never renumbers anything. Ids are reserved in blocks: one append to the sequence
 * stream records a block (`{ first, last }`), the ids are then handed out from memory, and the next
 * block is reserved when they run out, so posting does not make every post of the platform append to
 * one stream. Blocks follow each other without a gap, and reservations never overlap, whichever process
 * makes them: each is appended with the stream's revision it was computed from as its expected
 * revision, and a reservation that loses the race reads the winner's block and reserves after it.
 *
 * Ids stay unique and numeric, and increase within a process; with several processes they interleave.
 * The ids of a block not used up when its process stops are never handed out (a gap after a restart).
 */
export class IdAllocator {
  readonly #store: EventStore;
  readonly #blockSize: number;
  readonly #blocks = new Map<string, { next: number; last: number }>();
  readonly #tails = new Map<string, StreamState<IdSequenceState>>();
  readonly #reserving = new Map<string, Promise<void>>();

  constructor(store: EventStore, options: { blockSize?: number } = {}) {
    this.#store = store;
    this.#blockSize = options.blockSize ?? ID_BLOCK_SIZE;
  }

  async allocate(sequence: IdSequence, context: CommandContext): Promise<number> {
    for (;;) {
      const block = this.#blocks.get(sequence.stream);
      if (block && block.next <= block.last) return block.next++;
      // Posts that find the block used up wait for one reservation together.
      let reserving = this.#reserving.get(sequence.stream);
      if (!reserving) {
        reserving = this.#reserve(sequence, context).finally(() => this.#reserving.delete(sequence.stream));
        this.#reserving.set(sequence.stream, reserving);
      }
      await reserving;
    }
  }

  async #reserve(sequence: IdSequence, context: CommandContext): Promise<void> {
    // A process that has not reserved yet assumes an empty stream; the refusal tells it the revision.
    const known = this.#tails.get(sequence.stream) ?? { state: { last: 0 }, revision: null };
    const { state, revision, events } = await handle(
      this.#store,
      idSequences,
      sequence.stream,
      { type: 'ReserveIds', data: { eventType: reservedEventOf(sequence), size: this.#blockSize } },
      context,
      // Another process reserved meanwhile (or this one restarted): continue after its block.
      { known, attempts: 50 },
    );
    this.#tails.set(sequence.stream, { state, revision });
    this.#blocks.set(sequence.stream, { next: events[0]?.data?.first ?? state.last, last: state.last });
  }
}

/** One allocator per store object: the ids of a process come from the blocks it reserved. */
const allocators = new WeakMap<EventStore, IdAllocator>();

/** The next id of a sequence, from this process's block of the store (see IdAllocator). */
export async function allocateId(
  store: EventStore,
  sequence: IdSequence,
  context: CommandContext,
): Promise<number> {
  let allocator = allocators.get(store);
  if (!allocator) {
    allocator = new IdAllocator(store);
    allocators.set(store, allocator);
  }
  return allocator.allocate(sequence, context);
}
