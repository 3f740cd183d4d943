import type { QueryClient } from '@tanstack/react-query';
import { invalidateHistory } from '../features/history/api/history-cache';
import { invalidateLanes } from '../features/lanes';
import type { LiveChange, LiveChangeHandlers } from '../features/live/live-changes';
import { patchPostingLists } from '../features/live/posting-lists';
import { invalidateLoads } from '../features/loads/api/load-cache';
import { detailKeyLoadId, loadKeys } from '../features/loads/api/load-keys';
import { invalidateNotifications } from '../features/notifications/api/notification-cache';
import {
  invalidateInvitations,
  invalidateMembers,
  invalidateOrganization,
} from '../features/organizations/api/organization-cache';
import { invalidateOverview } from '../features/overview/api/get-overview';
import { invalidateRadius } from '../features/radius/api/radius-cache';
import { invalidateSavedSearches } from '../features/saved-searches/api/saved-search-cache';
import { invalidateEnvelopes } from '../features/sign-pro/api/envelope-cache';
import { invalidateTrucks } from '../features/trucks/api/truck-cache';
import { detailKeyTruckId, truckKeys } from '../features/trucks/api/truck-keys';

/**
 * A notice of trucks or loads: the cached pages of the list patched from its rows where they can be
 * (posting-lists.ts; the others read again), and the details of the changed postings read again.
 * Without the notice (a reconnect), everything of the kind.
 */
function postingsNotice(
  kind: 'trucks' | 'loads',
  invalidateAll: (queryClient: QueryClient, ids?: readonly number[]) => Promise<void>,
  details: readonly unknown[],
  detailId: (queryKey: readonly unknown[]) => number | undefined,
) {
  return (queryClient: QueryClient, ids?: readonly number[], change?: LiveChange): Promise<void> => {
    if (!change) return invalidateAll(queryClient, ids);
    return Promise.all([
      patchPostingLists(queryClient, kind, change),
      queryClient.invalidateQueries({
        queryKey: details,
        predicate: (query) => {
          const id = detailId(query.queryKey);
          return id !== undefined && (ids === undefined || ids.includes(id));
        },
      }),
    ]).then(() => undefined);
  };
}
const trucksNotice = postingsNotice('trucks', invalidateTrucks, truckKeys.details(), detailKeyTruckId);
const loadsNotice = postingsNotice('loads', invalidateLoads, loadKeys.details(), detailKeyLoadId);

/** Which caches each kind of change notice refreshes. */
export const liveChangeHandlers: LiveChangeHandlers = {
  // The lists patched from the notice's rows where they can be (posting-lists.ts), read again elsewhere.
  trucks: (queryClient: QueryClient, ids?: readonly number[], change?: LiveChange) =>
    Promise.all([
      trucksNotice(queryClient, ids, change),
      invalidateHistory(queryClient, 'trucks', ids),
      invalidateOverview(queryClient),
      // A truck posted, removed or moved may enter or leave an open radius search.
      invalidateRadius(queryClient, 'trucks'),
      // A lane, and the matches of the postings it fits.
      invalidateLanes(queryClient),
    ]),
  loads: (queryClient: QueryClient, ids?: readonly number[], change?: LiveChange) =>
    Promise.all([
      loadsNotice(queryClient, ids, change),
      invalidateHistory(queryClient, 'loads', ids),
      invalidateOverview(queryClient),
      invalidateRadius(queryClient, 'loads'),
      invalidateLanes(queryClient),
    ]),
  members: invalidateMembers,
  invitations: invalidateInvitations,
  organization: invalidateOrganization,
  // Sign-pro: the tables, counts, details and histories; the tables tell what the receiver did.
  envelopes: invalidateEnvelopes,
  // The user's own alerts and saved searches (the server tells only their owner).
  notifications: invalidateNotifications,
  'saved-searches': invalidateSavedSearches,
  // A ping reaches no read model: the system check hears it through onLiveChange.
  ping: () => undefined,
};
