import type { Projection } from '../projection.ts';
import { activityProjection } from './activity/activity-projection.ts';
import { apiKeysProjection } from './api-keys.ts';
import { boardCountersProjection } from './board-counters.ts';
import { eventFeedProjection } from './event-feed.ts';
import { laneRatesProjection } from './lane-rates.ts';
import {
  versionedEnvelopesProjection,
  versionedLoadsProjection,
  versionedTrucksProjection,
} from './list-versions.ts';
import { organizationsProjection } from './organizations.ts';
import { rebuildRequestsProjection } from './rebuild-requests.ts';
import { savedSearchesProjection } from './saved-searches.ts';
import {
  standingSearchAlertsProjection,
  standingSearchesBeforeProjection,
} from './standing-search-alerts.ts';
import { systemPingsProjection } from './system-pings.ts';
import { webhooksProjection } from './webhooks.ts';

/**
 * Projections apply each event in this order. The board's counters read a posting as it was before
 * the event, so they come before the trucks and loads lists that replace it.
 */
export const projections: Projection[] = [
  boardCountersProjection,
  // The activity log reads every record as it was before the event (an edit's "from"): before the lists.
  activityProjection,
  // Standing searches compare a posting before an event with the posting after: before the lists…
  standingSearchesBeforeProjection,
  // The lists keep their past: each event's list row, then the version it ended (see withVersions).
  versionedTrucksProjection,
  versionedLoadsProjection,
  // …and after them.
  standingSearchAlertsProjection,
  // The event feed tells the alerts' matches, and reads members and envelopes as they were before the event.
  eventFeedProjection,
  savedSearchesProjection,
  organizationsProjection,
  // After the activity log, which names a revoked key from its row.
  apiKeysProjection,
  versionedEnvelopesProjection,
  rebuildRequestsProjection,
  systemPingsProjection,
  webhooksProjection,
  laneRatesProjection,
];
