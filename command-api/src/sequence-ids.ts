import {
  type EventStore,
  type ExpectedRevision,
  newEventId,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '@dispatch/storage';
import { type CommandContext, clientMetadata } from './command-handler.ts';

/** A stream that hands out the numeric ids of one kind of posting, and the event it records. */
export interface IdSequence {
  stream: string;
  /** The event of the former scheme, one per id (`TruckIdAllocated`); blocks are `…IdsReserved` events. */
  allocatedEvent: string;
}

/** How many ids a process reserves at a time. */
export const ID_BLOCK_SIZE = 100;

/** A run of reserved ids, `first` to `last` inclusive, as the reservation event records it. */
export interface IdBlock {
  first: number;
  last: number;
}

/** `TruckIdAllocated` → `TruckIdsReserved`: the event that records a block of a sequence. */
export function reservedEventOf(sequence: IdSequence): string {
  return `${sequence.allocatedEvent.replace(/IdAllocated$/, '')}IdsReserved`;
}

/**
 * The highest id a sequence event gave out: a block event records its range; an event of the former
 * scheme (one id per event, data `{}`) gave out its revision + 1.
 */
function lastIdOf(event: RecordedEvent): number {
  const data = event.data as Partial<IdBlock> | null;
  return typeof data?.last === 'number' ? data.last : Number(event.revision) + 1;
}

/** What the allocator knows of a sequence stream: its revision and the highest id reserved in it. */
interface Tail {
  expected: ExpectedRevision;
  last: number;
}

/**
 * Hands out the numeric ids of trucks, loads and envelopes (SPEC section 3), allocated on the command
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
  readonly #tails = new Map<string, Tail>();
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
    let tail = this.#tails.get(sequence.stream) ?? { expected: 'no_stream', last: 0 };
    for (let attempt = 1; ; attempt++) {
      const block = { first: tail.last + 1, last: tail.last + this.#blockSize };
      try {
        const { nextRevision } = await this.#store.append(
          sequence.stream,
          [reservationEvent(reservedEventOf(sequence), block, context)],
          { expected: tail.expected },
        );
        this.#tails.set(sequence.stream, { expected: nextRevision, last: block.last });
        this.#blocks.set(sequence.stream, { next: block.first, last: block.last });
        return;
      } catch (error) {
        // Another process reserved meanwhile (or this one restarted): continue after its block.
        if (!(error instanceof WrongExpectedRevisionError) || error.actual === 'no_stream' || attempt >= 50) {
          throw error;
        }
        const newest = (await this.#store.readStream(sequence.stream, { fromRevision: error.actual })).at(-1);
        if (!newest) throw error;
        tail = { expected: newest.revision, last: lastIdOf(newest) };
      }
    }
  }
}

function reservationEvent(type: string, block: IdBlock, context: CommandContext) {
  return {
    id: newEventId(),
    type,
    data: block,
    metadata: {
      orgId: context.orgId,
      actorId: context.actorId,
      correlationId: context.correlationId,
      causationId: context.commandId,
      schemaVersion: 1,
      occurredAt: context.now().toISOString(),
      ...clientMetadata(context),
    },
  };
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
