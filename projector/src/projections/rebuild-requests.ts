import { PLATFORM_ORG_ID } from '@dispatch/domain';
import type { Projection } from '../projection.ts';

/** Change notices of a rebuild request carry the position of the request. */
export const REBUILD_REQUESTED = 'read-model-rebuild';

/** Tells the projector that a rebuild was asked for; the rebuild itself is `startReadModels`' work. */
export const rebuildRequestsProjection: Projection = {
  name: 'rebuild-requests',
  collections: [],
  eventTypes: ['ReadModelRebuildRequested'],
  apply(event, context) {
    context.changed(REBUILD_REQUESTED, PLATFORM_ORG_ID, event.position.toString());
  },
};
