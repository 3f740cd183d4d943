import {
  expiredStamp,
  type PostingEventEnvelope,
  postedStamp,
  refreshedStamp,
  updatedStamp,
} from '../shared/posting.ts';
import type { LoadEvent } from './events.ts';
import type { Load } from './schemas.ts';

/**
 * The load as the product shows it, folded from its events. The projector and the command
 * responses both use this, so what a dispatcher gets back from a post is what the list shows.
 * Returns null once the load is removed; an expired one is kept, marked `expired`.
 */
export function applyLoadEvent(view: Load | null, event: LoadEvent & PostingEventEnvelope): Load | null {
  switch (event.type) {
    case 'LoadPosted': {
      const { loadId, ...fields } = event.data;
      return {
        id: loadId,
        ...fields,
        ...postedStamp(event),
      };
    }
    case 'LoadUpdated':
      return view ? { ...view, ...event.data.changes, ...updatedStamp(event) } : null;
    case 'LoadRemoved':
      return null;
    case 'LoadRefreshed':
    case 'LoadReposted':
      return view ? { ...view, ...refreshedStamp(event) } : null;
    case 'LoadExpired':
      return view ? { ...view, ...expiredStamp(event) } : null;
  }
}
