import { type EventStore, newEventId } from '@dispatch/storage';
import { type CommandContext, clientMetadata } from './command-handler.ts';

/** A stream that hands out the numeric ids of one kind of posting, and the event it records. */
export interface IdSequence {
  stream: string;
  allocatedEvent: string;
}

/**
 * Trucks and loads have number ids (SPEC section 3) allocated on the command side, so a rebuild
 * never renumbers anything. An append with expected "any" to the sequence stream is atomic on every
 * backend and returns a revision no other append gets: that revision + 1 is the new id.
 */
export async function allocateId(
  store: EventStore,
  sequence: IdSequence,
  context: CommandContext,
): Promise<number> {
  const { nextRevision } = await store.append(
    sequence.stream,
    [
      {
        id: newEventId(),
        type: sequence.allocatedEvent,
        data: {},
        metadata: {
          orgId: context.orgId,
          actorId: context.actorId,
          correlationId: context.correlationId,
          causationId: context.commandId,
          schemaVersion: 1,
          occurredAt: context.now().toISOString(),
          ...clientMetadata(context),
        },
      },
    ],
    { expected: 'any' },
  );
  return Number(nextRevision) + 1;
}
