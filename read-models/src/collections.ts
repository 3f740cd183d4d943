/**
 * Read model collection names carry a version: a schema change builds the next version from
 * position 0 beside the serving one (blue/green), then the query side switches over.
 */
export const collections = {
  trucks: 'trucks_v4',
  loads: 'loads_v4',
  boardStats: 'board_stats_v2',
  boardCalendar: 'board_calendar_v1',
  organizations: 'organizations_v1',
  members: 'members_v1',
  invitations: 'invitations_v2',
  teams: 'teams_v1',
  teamMembers: 'team_members_v1',
  envelopes: 'envelopes_v3',
  envelopeCounts: 'envelope_counts_v1',
  truckVersions: 'truck_versions_v3',
  loadVersions: 'load_versions_v3',
  envelopeVersions: 'envelope_versions_v3',
  activity: 'activity_v2',
  activityActors: 'activity_actors_v1',
  apiKeys: 'api_keys_v1',
  savedSearches: 'saved_searches_v1',
  standingSearches: 'standing_searches_v1',
  notifications: 'notifications_v1',
  notificationInboxes: 'notification_inboxes_v1',
  eventFeed: 'event_feed_v1',
  eventFeedHeads: 'event_feed_heads_v1',
  webhooks: 'webhooks_v1',
  webhookDeliveries: 'webhook_deliveries_v1',
  checkpoints: 'projector_checkpoints',
  changes: 'projection_changes',
} as const;
