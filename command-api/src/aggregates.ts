import {
  API_KEY_SCHEMA_VERSION,
  alwaysAccepted,
  apiKeyDecider,
  apiKeyStream,
  CSV_IMPORT_SCHEMA_VERSION,
  type CsvImportKind,
  csvImportKeyDecider,
  csvImportKeyStream,
  ENVELOPE_SCHEMA_VERSION,
  envelopeCommandDecider,
  envelopeStream,
  idSequenceDecider,
  LOAD_SCHEMA_VERSION,
  loadCommandDecider,
  loadStream,
  NOTIFICATION_INBOX_SCHEMA_VERSION,
  type NotificationsRead,
  notificationInboxStream,
  ORGANIZATION_SCHEMA_VERSION,
  organizationDecider,
  organizationSlugStream,
  organizationStream,
  pingStream,
  QUOTA_SCHEMA_VERSION,
  quotaLimitsDecider,
  quotaStreams,
  READ_MODEL_REBUILD_SCHEMA_VERSION,
  READ_MODEL_REBUILD_STREAM,
  readModelRebuildDecider,
  SAVED_SEARCH_PLACES_SCHEMA_VERSION,
  SAVED_SEARCH_SCHEMA_VERSION,
  SYSTEM_PING_SCHEMA_VERSION,
  type SystemPinged,
  savedSearchCommandDecider,
  savedSearchPlacesDecider,
  savedSearchPlacesStream,
  savedSearchStream,
  slugReservationDecider,
  TRUCK_SCHEMA_VERSION,
  truckCommandDecider,
  truckStream,
  WEBHOOK_PLACES_SCHEMA_VERSION,
  WEBHOOK_SCHEMA_VERSION,
  type WebhookAttemptsRecorded,
  webhookDecider,
  webhookDeliveriesStream,
  webhookPlacesDecider,
  webhookPlacesStream,
  webhookStream,
} from '@dispatch/domain';
import type { Aggregate } from './command-handler.ts';

/**
 * Every kind of stream the command side writes, each with its decider: every write goes through
 * the one command handler with one of these.
 */
const aggregate = <Id, State, Command, Event extends { type: string; data: unknown }>(
  definition: Aggregate<Id, State, Command, Event>,
) => definition;

/** An open record's organization, from its own stream (null while there is none). */
const recordedOrganization = (state: { decision: { status: string } | { status: string; orgId: string } }) =>
  'orgId' in state.decision ? state.decision.orgId : null;

export const trucks = aggregate({
  stream: truckStream,
  decider: truckCommandDecider,
  schemaVersion: TRUCK_SCHEMA_VERSION,
});

export const loads = aggregate({
  stream: loadStream,
  decider: loadCommandDecider,
  schemaVersion: LOAD_SCHEMA_VERSION,
});

/** A receiver has no organization: an envelope's events take the envelope's own. */
export const envelopes = aggregate({
  stream: envelopeStream,
  decider: envelopeCommandDecider,
  schemaVersion: ENVELOPE_SCHEMA_VERSION,
  organizationOf: recordedOrganization,
});

export const organizations = aggregate({
  stream: organizationStream,
  decider: organizationDecider,
  schemaVersion: ORGANIZATION_SCHEMA_VERSION,
});

/** Slugs are unique because each one is a stream: the first append with "no_stream" wins. */
export const slugReservations = aggregate({
  stream: organizationSlugStream,
  decider: slugReservationDecider,
  schemaVersion: ORGANIZATION_SCHEMA_VERSION,
});

/** The product's own commands (the e-mail sweep) act in the search's organization. */
export const savedSearches = aggregate({
  stream: savedSearchStream,
  decider: savedSearchCommandDecider,
  schemaVersion: SAVED_SEARCH_SCHEMA_VERSION,
  organizationOf: recordedOrganization,
});

export const savedSearchPlaces = aggregate({
  stream: (owner: { orgId: string; userId: string }) => savedSearchPlacesStream(owner.orgId, owner.userId),
  decider: savedSearchPlacesDecider,
  schemaVersion: SAVED_SEARCH_PLACES_SCHEMA_VERSION,
});

export const webhookPlaces = aggregate({
  stream: (organization: { orgId: string }) => webhookPlacesStream(organization.orgId),
  decider: webhookPlacesDecider,
  schemaVersion: WEBHOOK_PLACES_SCHEMA_VERSION,
});

export const notificationInboxes = aggregate({
  stream: (reader: { orgId: string; userId: string }) => notificationInboxStream(reader.orgId, reader.userId),
  decider: alwaysAccepted<NotificationsRead>(),
  schemaVersion: NOTIFICATION_INBOX_SCHEMA_VERSION,
});

/** An import key per row of a file and organization: the first append with "no_stream" wins. */
export const csvImportKeys = aggregate({
  stream: (row: { kind: CsvImportKind; orgId: string; key: string }) =>
    csvImportKeyStream(row.kind, row.orgId, row.key),
  decider: csvImportKeyDecider,
  schemaVersion: CSV_IMPORT_SCHEMA_VERSION,
});

/** The id sequences of trucks, loads and envelopes: the id is the sequence's stream. */
export const idSequences = aggregate({
  stream: (stream: string) => stream,
  decider: idSequenceDecider,
  schemaVersion: 1,
});

export const systemPings = aggregate({
  stream: pingStream,
  decider: alwaysAccepted<SystemPinged>(),
  schemaVersion: SYSTEM_PING_SCHEMA_VERSION,
});

export const readModelRebuilds = aggregate({
  stream: () => READ_MODEL_REBUILD_STREAM,
  decider: readModelRebuildDecider,
  schemaVersion: READ_MODEL_REBUILD_SCHEMA_VERSION,
});

export const quotaLimits = aggregate({
  stream: quotaStreams.limits,
  decider: quotaLimitsDecider,
  schemaVersion: QUOTA_SCHEMA_VERSION,
});

/** Webhook endpoints: their settings, secrets and the deliveries asked of them. */
export const webhooks = aggregate({
  stream: webhookStream,
  decider: webhookDecider,
  schemaVersion: WEBHOOK_SCHEMA_VERSION,
});

/** What the deliverer records of an endpoint's deliveries: only it writes there, in batches. */
export const webhookDeliveries = aggregate({
  stream: webhookDeliveriesStream,
  decider: alwaysAccepted<WebhookAttemptsRecorded>(),
  schemaVersion: WEBHOOK_SCHEMA_VERSION,
});

/** An organization's API keys: made, revoked, and their uses (see auth/src/api-keys). */
export const apiKeys = aggregate({
  stream: apiKeyStream,
  decider: apiKeyDecider,
  schemaVersion: API_KEY_SCHEMA_VERSION,
});
