import type { QueryClient } from '@tanstack/react-query';
import { invalidateHistory } from '../features/history/api/history-cache';
import { invalidateLanes } from '../features/lanes';
import type { LiveChangeHandlers } from '../features/live/live-changes';
import { invalidateLoads } from '../features/loads/api/load-cache';
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

/** Which caches each kind of change notice refreshes. */
export const liveChangeHandlers: LiveChangeHandlers = {
  trucks: (queryClient: QueryClient, ids?: readonly number[]) =>
    Promise.all([
      invalidateTrucks(queryClient, ids),
      invalidateHistory(queryClient, 'trucks', ids),
      invalidateOverview(queryClient),
      // A truck posted, removed or moved may enter or leave an open radius search.
      invalidateRadius(queryClient, 'trucks'),
      // A lane, and the matches of the postings it fits.
      invalidateLanes(queryClient),
    ]),
  loads: (queryClient: QueryClient, ids?: readonly number[]) =>
    Promise.all([
      invalidateLoads(queryClient, ids),
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
