import {
  applyLoadEvent,
  type LoadEvent,
  loadDirection,
  loadMilesAndMoney,
  loadSearchText,
} from '@dispatch/domain';
import { estimatedRoadMiles, pointOfPlace } from '@dispatch/places';
import { expiredLoadsCollection, type LoadDocument, loadsCollection } from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { Projection } from '../projection.ts';
import { loadLists, postingDocument, storePosting } from './posting-lists.ts';

/** The loads list: one document per live load; an expired one is kept apart until re-posted (posting-lists.ts). */
export const loadsProjection: Projection = {
  name: 'loads',
  collections: [loadsCollection, expiredLoadsCollection],
  eventTypes: ['LoadPosted', 'LoadUpdated', 'LoadRemoved', 'LoadRefreshed', 'LoadExpired', 'LoadReposted'],
  async apply(recorded: RecordedEvent, context) {
    const event = recorded as unknown as LoadEvent & RecordedEvent;
    const { orgId } = recorded.metadata;
    const id = String(event.data.loadId);
    const current =
      event.type === 'LoadPosted' ? null : await postingDocument<LoadDocument>(context, loadLists, id);
    if (event.type !== 'LoadPosted' && !current) return;
    const next = applyLoadEvent(current && { ...current, id: Number(current.id) }, event);
    if (next) {
      const origin = pointOfPlace(next.originState, next.originCity) ?? null;
      const destination = pointOfPlace(next.destinationState, next.destinationCity) ?? null;
      await storePosting(
        context,
        loadLists,
        orgId,
        id,
        {
          ...next,
          id,
          orgId,
          searchText: loadSearchText(next),
          direction: loadDirection(next, pointOfPlace),
          origin,
          destination,
          // Estimated road miles between the two ends when the map knows both, and the money per mile.
          ...loadMilesAndMoney(next, origin && destination ? estimatedRoadMiles(origin, destination) : null),
        },
        current?.expired === true,
      );
    } else await storePosting(context, loadLists, orgId, id, null, current?.expired === true);
    context.changed('loads', orgId, event.data.loadId);
  },
};
