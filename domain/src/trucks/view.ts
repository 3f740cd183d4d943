import {
  expiredStamp,
  type PostingEventEnvelope,
  postedStamp,
  refreshedStamp,
  updatedStamp,
} from '../shared/posting.ts';
import type { TruckEvent } from './events.ts';
import type { Truck } from './schemas.ts';

/**
 * The truck as the product shows it, folded from its events. The projector and the command
 * responses both use this, so what a dispatcher gets back from a post is what the list shows.
 * Returns null once the truck is removed; an expired one is kept, marked `expired`.
 */
export function applyTruckEvent(view: Truck | null, event: TruckEvent & PostingEventEnvelope): Truck | null {
  switch (event.type) {
    case 'TruckPosted': {
      const { truckId, ...fields } = event.data;
      return {
        id: truckId,
        ...fields,
        ...postedStamp(event),
      };
    }
    case 'TruckUpdated':
      return view ? { ...view, ...event.data.changes, ...updatedStamp(event) } : null;
    case 'TruckRemoved':
      return null;
    case 'TruckRefreshed':
    case 'TruckReposted':
      return view ? { ...view, ...refreshedStamp(event) } : null;
    case 'TruckExpired':
      return view ? { ...view, ...expiredStamp(event) } : null;
  }
}
