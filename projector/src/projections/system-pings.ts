import { PING_CHANGE_KIND, SYSTEM_PINGED, type SystemPinged } from '@dispatch/domain';
import type { Projection } from '../projection.ts';

/**
 * A dispatcher's system check: the ping's only effect is the change notice that carries its id back
 * to the organization's live connections. It has no collection, so it never reaches a board, a list or
 * a count, and adding it changed no read model version.
 */
export const systemPingsProjection: Projection = {
  name: 'system-pings',
  collections: [],
  eventTypes: [SYSTEM_PINGED],
  apply(event, context) {
    const { pingId } = event.data as SystemPinged['data'];
    context.changed(PING_CHANGE_KIND, event.metadata.orgId, pingId);
  },
};
