import { TRUCK_ID_SEQUENCE_STREAM } from '@dispatch/domain';
import { type EventStore, newEventId } from '@dispatch/storage';
import type { CommandContext } from '../command-handler.ts';

/**
 * Truck ids are numbers (SPEC section 3) allocated on the command side, so a rebuild never
 * renumbers anything. An append with expected "any" to the sequence stream is atomic on every
 * backend and returns a revision no other append gets: that revision + 1 is the new id.
 */
export async function allocateTruckId(store: EventStore, context: CommandContext): Promise<number> {
  const { nextRevision } = await store.append(
    TRUCK_ID_SEQUENCE_STREAM,
    [
      {
        id: newEventId(),
        type: 'TruckIdAllocated',
        data: {},
        metadata: {
          orgId: context.orgId,
          actorId: context.actorId,
          correlationId: context.correlationId,
          causationId: context.commandId,
          schemaVersion: 1,
          occurredAt: context.now().toISOString(),
        },
      },
    ],
    { expected: 'any' },
  );
  return Number(nextRevision) + 1;
}
