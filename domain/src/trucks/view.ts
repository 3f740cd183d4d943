import type { TruckEvent } from './events.ts';
import type { Truck } from './schemas.ts';

/** What a truck view needs from a recorded event besides its type and data. */
export interface TruckEventEnvelope {
  revision: bigint;
  metadata: { actorId: string; occurredAt: string };
}

/**
 * The truck as the product shows it, folded from its events. The projector and the command
 * responses both use this, so what a dispatcher gets back from a post is what the list shows.
 * Returns null once the truck is removed.
 */
export function applyTruckEvent(view: Truck | null, event: TruckEvent & TruckEventEnvelope): Truck | null {
  const { actorId, occurredAt } = event.metadata;
  const version = Number(event.revision);
  switch (event.type) {
    case 'TruckPosted': {
      const { truckId, ...fields } = event.data;
      return {
        id: truckId,
        ...fields,
        createdBy: actorId,
        updatedBy: actorId,
        createdAt: occurredAt,
        updatedAt: occurredAt,
        version,
      };
    }
    case 'TruckUpdated':
      return view
        ? { ...view, ...event.data.changes, updatedBy: actorId, updatedAt: occurredAt, version }
        : null;
    case 'TruckRemoved':
      return null;
  }
}
