import { applyTruckEvent, type TruckEvent, truckSearchText } from '@dispatch/domain';
import { pointOfPlace } from '@dispatch/places';
import { collections, type TruckDocument, trucksCollection } from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { Projection } from '../projection.ts';

/** The trucks list: one document per truck that is not removed. */
export const trucksProjection: Projection = {
  name: 'trucks',
  collections: [trucksCollection],
  eventTypes: ['TruckPosted', 'TruckUpdated', 'TruckRemoved'],
  async apply(recorded: RecordedEvent, context) {
    const event = recorded as unknown as TruckEvent & RecordedEvent;
    const { orgId } = recorded.metadata;
    const id = String(event.data.truckId);
    const current =
      event.type === 'TruckPosted' ? null : await context.get<TruckDocument>(collections.trucks, id);
    if (event.type !== 'TruckPosted' && !current) return;
    const next = applyTruckEvent(current && { ...current, id: Number(current.id) }, event);
    if (next)
      context.put(collections.trucks, {
        ...next,
        id,
        orgId,
        searchText: truckSearchText(next),
        location: pointOfPlace(next.truckState, next.truckCity) ?? null,
        destination:
          next.preferedState && next.preferedCity
            ? (pointOfPlace(next.preferedState, next.preferedCity) ?? null)
            : null,
      });
    else context.delete(collections.trucks, id);
    context.changed('trucks', orgId, event.data.truckId);
  },
};
