import type { CollectionDefinition } from '@dispatch/storage';
import { collections } from './collections.ts';
import { envelopesCollection } from './envelopes.ts';
import { loadsCollection } from './loads.ts';
import { trucksCollection } from './trucks.ts';

/**
 * A version of a list row that has ended: the row as it was from `validFromAt` (the instant of the
 * event that made it) until `validToAt` (the instant of the event that replaced or removed it).
 * Stored under `{rowId}@{position of the event that made it}`.
 */
export interface VersionFields {
  rowId: string;
  validFromAt: string;
  validToAt: string;
  /** When the row was created: a row made after the moment asked about is "added since". */
  rowCreatedAt: string;
  /** How this version ended: replaced by an edit, or the row removed. */
  endedBy: 'change' | 'removal';
}

/**
 * Where a list's past is kept: the list itself (each row is its own version in service, valid from
 * its `validFrom` field, made at its `createdAt`), and the versions that ended (a removed row's last
 * one ended by its removal).
 */
export interface ListHistory {
  list: string;
  versions: string;
  /**
   * The list's field holding the instant of the last event that changed a row. A posting's
   * `updatedAt` is that instant; an envelope's is not (a reminder moves none of it), so envelopes
   * keep `validFromAt`. Either is never earlier than the row's `updatedAt`.
   */
  validFrom: string;
}

export const listHistories = {
  trucks: {
    list: collections.trucks,
    versions: collections.truckVersions,
    validFrom: 'updatedAt',
  },
  loads: {
    list: collections.loads,
    versions: collections.loadVersions,
    validFrom: 'updatedAt',
  },
  envelopes: {
    list: collections.envelopes,
    versions: collections.envelopeVersions,
    validFrom: 'validFromAt',
  },
} as const satisfies Record<string, ListHistory>;

/**
 * The collection of a list's ended versions: the list's fields and the validity's, with
 * `countIndexes` for the counts an as-of answer makes besides the list's (each ends with the validity).
 */
function versionsCollectionOf(
  list: CollectionDefinition,
  history: ListHistory,
  countIndexes: string[][] = [],
): CollectionDefinition {
  return {
    name: history.versions,
    fields: {
      ...list.fields,
      rowId: 'text',
      validFromAt: 'date',
      validToAt: 'date',
      rowCreatedAt: 'date',
      endedBy: 'text',
    },
    // The list's own indexes serve the page (its sorts, started at the instant asked about) and the
    // radius search; the validity index counts the versions valid at an instant from the index alone.
    indexes: [
      ...(list.indexes ?? []),
      // Counts of the versions valid at an instant under a filter start from it (one index only
      // starts so: a second would draw SQLite's planner away from it).
      ['orgId', 'validToAt', 'validFromAt'],
      ...countIndexes,
      // The rows removed after an instant, by when they were made: the removed rows that stood then.
      ['orgId', 'endedBy', 'validToAt', 'rowCreatedAt'],
    ],
    indexEachField: false,
    ...(list.textIndex ? { textIndex: list.textIndex } : {}),
    // The radius search as of a moment finds its versions through their points, as the list does.
    ...(list.geoIndex ? { geoIndex: list.geoIndex } : {}),
  };
}

export const truckVersionsCollection = versionsCollectionOf(trucksCollection, listHistories.trucks, [
  // "Available only", the trucks board's most used filter.
  ['orgId', 'status', 'validToAt', 'validFromAt'],
  // "Available today" and "yesterday" as of a moment: one day's available trucks.
  ['orgId', 'status', 'availabilityDate', 'validToAt', 'validFromAt'],
]);

export const loadVersionsCollection = versionsCollectionOf(loadsCollection, listHistories.loads, [
  // "Available today" and "yesterday" as of a moment: one day's loads.
  ['orgId', 'availabilityDate', 'validToAt', 'validFromAt'],
]);

export const envelopeVersionsCollection = versionsCollectionOf(envelopesCollection, listHistories.envelopes);
