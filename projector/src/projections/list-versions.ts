import type { CollectionDefinition, Document, RecordedEvent } from '@dispatch/storage';
import { collections } from '../collections.ts';
import type { Projection } from '../projection.ts';
import { envelopesProjection } from './envelopes.ts';
import { loadsProjection } from './loads.ts';
import { trucksProjection } from './trucks.ts';

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

type Row = Document & Record<string, unknown> & { orgId: string; createdAt: string };

/**
 * A list with its past, for the board as of any moment: the list's projection, and after each event
 * it applied, the version of the row the event ended (the row as it was before). The version in
 * service is the list row itself, so a row never edited costs the history nothing: an as-of query
 * reads the rows in service changed last by then and the ended versions valid then, and merges them
 * in the list's order. How many rows stood at an instant is the rows in service made by then, and
 * the removed rows made by then and removed after.
 */
function withVersions(
  listProjection: Projection,
  options: {
    history: ListHistory;
    /** Indexes for the counts an as-of answer makes besides the list's (each ends with the validity). */
    countIndexes?: string[][];
    /** The event type that creates a row: it never ends one. */
    creation: string;
    rowIdOf: (event: RecordedEvent) => string;
  },
): Projection {
  const { history } = options;
  const list = listProjection.collections.find((collection) => collection.name === history.list);
  if (!list) throw new Error(`${listProjection.name} has no collection ${history.list}`);
  const definition: CollectionDefinition = {
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
      ...(options.countIndexes ?? []),
      // The rows removed after an instant, by when they were made: the removed rows that stood then.
      ['orgId', 'endedBy', 'validToAt', 'rowCreatedAt'],
    ],
    indexEachField: false,
    ...(list.textIndex ? { textIndex: list.textIndex } : {}),
    // The radius search as of a moment finds its versions through their points, as the list does.
    ...(list.geoIndex ? { geoIndex: list.geoIndex } : {}),
  };
  return {
    ...listProjection,
    collections: [...listProjection.collections, definition],
    async apply(event, context) {
      const rowId = options.rowIdOf(event);
      const before = event.type === options.creation ? null : await context.get<Row>(history.list, rowId);
      await listProjection.apply(event, context);
      if (!before) return;
      const after = await context.get<Row>(history.list, rowId);
      // An event the list passed over (one that changes nothing) ends no version.
      if (after && after.position !== event.position.toString()) return;
      const { position, ...fields } = before;
      context.put(history.versions, {
        ...fields,
        id: `${rowId}@${position}`,
        rowId,
        validFromAt: before[history.validFrom],
        validToAt: event.metadata.occurredAt,
        rowCreatedAt: before.createdAt,
        endedBy: after ? 'change' : 'removal',
      });
    },
  };
}

export const versionedTrucksProjection = withVersions(trucksProjection, {
  history: listHistories.trucks,
  countIndexes: [
    // "Available only", the trucks board's most used filter.
    ['orgId', 'status', 'validToAt', 'validFromAt'],
    // "Available today" and "yesterday" as of a moment: one day's available trucks.
    ['orgId', 'status', 'availabilityDate', 'validToAt', 'validFromAt'],
  ],
  creation: 'TruckPosted',
  rowIdOf: (event) => String((event.data as { truckId: number }).truckId),
});

export const versionedLoadsProjection = withVersions(loadsProjection, {
  history: listHistories.loads,
  // "Available today" and "yesterday" as of a moment: one day's loads.
  countIndexes: [['orgId', 'availabilityDate', 'validToAt', 'validFromAt']],
  creation: 'LoadPosted',
  rowIdOf: (event) => String((event.data as { loadId: number }).loadId),
});

export const versionedEnvelopesProjection = withVersions(envelopesProjection, {
  history: listHistories.envelopes,
  creation: 'EnvelopeSent',
  rowIdOf: (event) => String((event.data as { envelopeId: string }).envelopeId),
});
