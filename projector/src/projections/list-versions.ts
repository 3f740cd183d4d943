import type { CollectionDefinition, RecordedEvent } from '@dispatch/storage';
import { collections } from '../collections.ts';
import type { DocumentBody, Projection } from '../projection.ts';
import { envelopesProjection } from './envelopes.ts';
import { loadsProjection } from './loads.ts';
import { trucksProjection } from './trucks.ts';

/** `validToAt` of the version in service: later than any instant anyone asks about. */
export const OPEN_VERSION_END = '9999-12-31T23:59:59.999Z';

/**
 * A version of a list row: the row as it was from `validFromAt` (the instant of the event that made
 * it) until `validToAt` (the instant of the event that replaced or removed it; OPEN_VERSION_END while
 * it is the row in service). The version in service is stored under the row's own id, earlier ones
 * under `{rowId}@{position that made them}`.
 */
export interface VersionFields {
  rowId: string;
  validFromAt: string;
  validToAt: string;
  /** When the row was created: a row made after the moment asked about is "added since". */
  rowCreatedAt: string;
  /** How this version ended: replaced by an edit, or the row removed; null while in service. */
  endedBy: 'change' | 'removal' | null;
}

/**
 * The board as of any moment, from temporal read models: for each list (trucks, loads, envelopes),
 * every version of every row with the interval in which it was the row in service. An as-of query is
 * the list's own query on these, plus "valid at that instant", through indexes, not a replay. The
 * versions are written after the lists (this projection comes after them), from the list's own row.
 */
function versionsOf(options: {
  name: string;
  list: CollectionDefinition;
  versions: string;
  lifetimes: string;
  /** Indexes for the counts an as-of answer makes besides the list's (each ends with the validity). */
  countIndexes?: string[][];
  eventTypes: readonly string[];
  rowIdOf: (event: RecordedEvent) => string;
}): Projection {
  const { list, versions, lifetimes } = options;
  const definition: CollectionDefinition = {
    name: versions,
    fields: {
      ...list.fields,
      rowId: 'text',
      validFromAt: 'date',
      validToAt: 'date',
      rowCreatedAt: 'date',
    },
    // The list's own indexes serve the page (its sorts, started at the instant asked about) and the
    // radius search; the validity index counts the rows valid at an instant from the index alone; rowId finds a row's
    // versions.
    indexes: [
      ...(list.indexes ?? []),
      // Counts of the versions valid at an instant under a filter start from it (one index only
      // starts so: a second would draw SQLite's planner away from it).
      ['orgId', 'validToAt', 'validFromAt'],
      ...(options.countIndexes ?? []),
      ['rowId'],
    ],
    indexEachField: false,
    ...(list.textIndex ? { textIndex: list.textIndex } : {}),
    // The radius search as of a moment finds its versions through their points, as the list does.
    ...(list.geoIndex ? { geoIndex: list.geoIndex } : {}),
  };
  // When each row was made and removed (OPEN_VERSION_END while it stands): how many rows stood at an
  // instant is the rows made by then less those removed by then, two counts of index entries, however
  // often the rows were edited.
  const lifetimesDefinition: CollectionDefinition = {
    name: lifetimes,
    fields: { orgId: 'text', bornAt: 'date', diedAt: 'date' },
    indexes: [
      ['orgId', 'bornAt', 'diedAt'],
      ['orgId', 'diedAt', 'bornAt'],
    ],
    indexEachField: false,
  };
  return {
    name: options.name,
    collections: [definition, lifetimesDefinition],
    eventTypes: options.eventTypes,
    async apply(event, context) {
      const rowId = options.rowIdOf(event);
      const at = event.metadata.occurredAt;
      const [open, row] = await Promise.all([
        context.get<DocumentBody & VersionFields & { position: string }>(versions, rowId),
        context.get<DocumentBody & { position: string }>(list.name, rowId),
      ]);
      if (open) {
        const { position: _position, ...fields } = open;
        context.put(versions, {
          ...fields,
          id: `${rowId}@${open.position}`,
          validToAt: at,
          endedBy: row ? 'change' : 'removal',
        });
      }
      if (row && !open)
        context.put(lifetimes, { id: rowId, orgId: row.orgId, bornAt: at, diedAt: OPEN_VERSION_END });
      if (!row && open)
        context.put(lifetimes, { id: rowId, orgId: open.orgId, bornAt: open.rowCreatedAt, diedAt: at });
      if (row) {
        const { position: _position, ...fields } = row;
        context.put(versions, {
          ...fields,
          id: rowId,
          rowId,
          validFromAt: at,
          validToAt: OPEN_VERSION_END,
          rowCreatedAt: open?.rowCreatedAt ?? at,
          endedBy: null,
        });
      } else if (open) {
        context.delete(versions, rowId);
      }
    },
  };
}

const definitionOf = (projection: Projection, name: string) => {
  const found = projection.collections.find((collection) => collection.name === name);
  if (!found) throw new Error(`${projection.name} has no collection ${name}`);
  return found;
};

export const truckVersionsProjection = versionsOf({
  name: 'truck-versions',
  list: definitionOf(trucksProjection, collections.trucks),
  versions: collections.truckVersions,
  lifetimes: collections.truckLifetimes,
  countIndexes: [
    // "Available only", the trucks board's most used filter.
    ['orgId', 'status', 'validToAt', 'validFromAt'],
    // "Available today" and "yesterday" as of a moment: one day's available trucks.
    ['orgId', 'status', 'availabilityDate', 'validToAt', 'validFromAt'],
  ],
  eventTypes: trucksProjection.eventTypes,
  rowIdOf: (event) => String((event.data as { truckId: number }).truckId),
});

export const loadVersionsProjection = versionsOf({
  name: 'load-versions',
  list: definitionOf(loadsProjection, collections.loads),
  versions: collections.loadVersions,
  lifetimes: collections.loadLifetimes,
  // "Available today" and "yesterday" as of a moment: one day's loads.
  countIndexes: [['orgId', 'availabilityDate', 'validToAt', 'validFromAt']],
  eventTypes: loadsProjection.eventTypes,
  rowIdOf: (event) => String((event.data as { loadId: number }).loadId),
});

export const envelopeVersionsProjection = versionsOf({
  name: 'envelope-versions',
  list: definitionOf(envelopesProjection, collections.envelopes),
  versions: collections.envelopeVersions,
  lifetimes: collections.envelopeLifetimes,
  eventTypes: envelopesProjection.eventTypes,
  rowIdOf: (event) => String((event.data as { envelopeId: string }).envelopeId),
});
