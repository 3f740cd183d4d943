import type { CollectionDefinition, DocumentStore } from '@dispatch/storage';
import { activityActorsCollection, activityCollection } from './activity.ts';
import { apiKeysCollection } from './api-keys.ts';
import { boardCalendarCollection } from './board-calendar.ts';
import { boardStatsCollection } from './board-stats.ts';
import { checkpointsCollection } from './checkpoints.ts';
import { envelopeCountsCollection, envelopesCollection } from './envelopes.ts';
import { eventFeedCollection, eventFeedHeadsCollection } from './event-feed.ts';
import { expiredLoadsCollection, expiredTrucksCollection } from './expired-postings.ts';
import { laneRateLoadsCollection, laneRatesCollection } from './lane-rates.ts';
import {
  envelopeVersionsCollection,
  loadVersionsCollection,
  truckVersionsCollection,
} from './list-histories.ts';
import { loadsCollection } from './loads.ts';
import {
  invitationsCollection,
  membersCollection,
  organizationsCollection,
  teamMembersCollection,
  teamsCollection,
} from './organization-documents.ts';
import {
  notificationInboxesCollection,
  notificationsCollection,
  savedSearchesCollection,
  standingSearchesCollection,
} from './saved-search-documents.ts';
import { trucksCollection } from './trucks.ts';
import { webhookDeliveriesCollection, webhooksCollection } from './webhooks.ts';

/**
 * Every read model the projector keeps, with its fields and indexes. The projections write into
 * these (each names the ones it writes) and the query side reads them.
 */
export const readModelDefinitions: readonly CollectionDefinition[] = [
  boardStatsCollection,
  boardCalendarCollection,
  activityCollection,
  activityActorsCollection,
  apiKeysCollection,
  trucksCollection,
  truckVersionsCollection,
  expiredTrucksCollection,
  loadsCollection,
  loadVersionsCollection,
  expiredLoadsCollection,
  savedSearchesCollection,
  standingSearchesCollection,
  notificationsCollection,
  notificationInboxesCollection,
  organizationsCollection,
  membersCollection,
  invitationsCollection,
  teamsCollection,
  teamMembersCollection,
  envelopesCollection,
  envelopeCountsCollection,
  envelopeVersionsCollection,
  eventFeedCollection,
  eventFeedHeadsCollection,
  webhooksCollection,
  webhookDeliveriesCollection,
  laneRatesCollection,
  laneRateLoadsCollection,
];

/**
 * Creates the read models' collections, and the checkpoints (idempotent). With `deferIndexes`, the
 * read models' indexes wait for the store's `createIndexes`.
 */
export async function ensureReadModels(
  documents: DocumentStore,
  definitions: readonly CollectionDefinition[] = readModelDefinitions,
  options: { deferIndexes?: boolean } = {},
): Promise<void> {
  for (const definition of definitions) await documents.ensureCollection(definition, options);
  await documents.ensureCollection(checkpointsCollection);
}

export interface ReadModelCollection {
  collection: string;
  name: string;
  version: number;
}

/** The read models by collection, with the version its name carries (`trucks_v2`). */
export function readModelCollections(
  definitions: readonly CollectionDefinition[] = readModelDefinitions,
): ReadModelCollection[] {
  return definitions
    .map((definition) => definition.name)
    .sort()
    .map((collection) => {
      const match = /^(.+)_v(\d+)$/.exec(collection);
      return { collection, name: match?.[1] ?? collection, version: Number(match?.[2] ?? 1) };
    });
}
