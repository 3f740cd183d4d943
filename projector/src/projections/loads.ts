import {
  applyLoadEvent,
  type LoadEvent,
  loadDirection,
  loadMilesAndMoney,
  loadSearchText,
} from '@dispatch/domain';
import { estimatedRoadMiles, pointOfPlace } from '@dispatch/places';
import { collections, type LoadDocument, loadsCollection } from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { Projection } from '../projection.ts';

/** The loads list: one document per load that is not removed. */
export const loadsProjection: Projection = {
  name: 'loads',
  collections: [loadsCollection],
  eventTypes: ['LoadPosted', 'LoadUpdated', 'LoadRemoved'],
  async apply(recorded: RecordedEvent, context) {
    const event = recorded as unknown as LoadEvent & RecordedEvent;
    const { orgId } = recorded.metadata;
    const id = String(event.data.loadId);
    const current =
      event.type === 'LoadPosted' ? null : await context.get<LoadDocument>(collections.loads, id);
    if (event.type !== 'LoadPosted' && !current) return;
    const next = applyLoadEvent(current && { ...current, id: Number(current.id) }, event);
    if (next) {
      const origin = pointOfPlace(next.originState, next.originCity) ?? null;
      const destination = pointOfPlace(next.destinationState, next.destinationCity) ?? null;
      context.put(collections.loads, {
        ...next,
        id,
        orgId,
        searchText: loadSearchText(next),
        direction: loadDirection(next, pointOfPlace),
        origin,
        destination,
        // Estimated road miles between the two ends when the map knows both, and the money per mile.
        ...loadMilesAndMoney(next, origin && destination ? estimatedRoadMiles(origin, destination) : null),
      });
    } else context.delete(collections.loads, id);
    context.changed('loads', orgId, event.data.loadId);
  },
};
