import {
  envelopeVersionsCollection,
  type ListHistory,
  listHistories,
  loadVersionsCollection,
  truckVersionsCollection,
} from '@dispatch/read-models';
import type { CollectionDefinition, Document, RecordedEvent } from '@dispatch/storage';
import type { Projection } from '../projection.ts';
import { envelopesProjection } from './envelopes.ts';
import { loadsProjection } from './loads.ts';
import { trucksProjection } from './trucks.ts';

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
    /** Where the list's ended versions are kept (the list's fields and indexes, and the validity's). */
    versions: CollectionDefinition;
    /** The event type that creates a row: it never ends one. */
    creation: string;
    rowIdOf: (event: RecordedEvent) => string;
  },
): Projection {
  const { history } = options;
  if (!listProjection.collections.some((collection) => collection.name === history.list))
    throw new Error(`${listProjection.name} has no collection ${history.list}`);
  return {
    ...listProjection,
    collections: [...listProjection.collections, options.versions],
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
  versions: truckVersionsCollection,
  creation: 'TruckPosted',
  rowIdOf: (event) => String((event.data as { truckId: number }).truckId),
});

export const versionedLoadsProjection = withVersions(loadsProjection, {
  history: listHistories.loads,
  versions: loadVersionsCollection,
  creation: 'LoadPosted',
  rowIdOf: (event) => String((event.data as { loadId: number }).loadId),
});

export const versionedEnvelopesProjection = withVersions(envelopesProjection, {
  history: listHistories.envelopes,
  versions: envelopeVersionsCollection,
  creation: 'EnvelopeSent',
  rowIdOf: (event) => String((event.data as { envelopeId: string }).envelopeId),
});
