import { applyTruckEvent, type TruckEvent, truckSearchText } from '@dispatch/domain';
import { pointOfPlace } from '@dispatch/places';
import { expiredTrucksCollection, type TruckDocument, trucksCollection } from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { Projection } from '../projection.ts';
import { postingDocument, storePosting, truckLists } from './posting-lists.ts';

/** The trucks list: one document per live truck; an expired one is kept apart until re-posted (posting-lists.ts). */
export const trucksProjection: Projection = {
  name: 'trucks',
  collections: [trucksCollection, expiredTrucksCollection],
  eventTypes: [
    'TruckPosted',
    'TruckUpdated',
    'TruckRemoved',
    'TruckRefreshed',
    'TruckExpired',
    'TruckReposted',
  ],
  async apply(recorded: RecordedEvent, context) {
    const event = recorded as unknown as TruckEvent & RecordedEvent;
    const { orgId } = recorded.metadata;
    const id = String(event.data.truckId);
    const current =
      event.type === 'TruckPosted' ? null : await postingDocument<TruckDocument>(context, truckLists, id);
    if (event.type !== 'TruckPosted' && !current) return;
    const next = applyTruckEvent(current && { ...current, id: Number(current.id) }, event);
    await storePosting(
      context,
      truckLists,
      orgId,
      id,
      next && {
        ...next,
        id,
        orgId,
        searchText: truckSearchText(next),
        location: pointOfPlace(next.truckState, next.truckCity) ?? null,
        destination:
          next.preferedState && next.preferedCity
            ? (pointOfPlace(next.preferedState, next.preferedCity) ?? null)
            : null,
      },
      current?.expired === true,
    );
    context.changed('trucks', orgId, event.data.truckId);
  },
};
