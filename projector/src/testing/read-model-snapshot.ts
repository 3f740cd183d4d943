import { DatabaseSync } from 'node:sqlite';
import { eventUpcasting } from '@dispatch/domain';
import { collections, laneRatesDocumentFields, readModelCollections } from '@dispatch/read-models';
import {
  type DocumentStore,
  openSqliteDocumentStore,
  openSqliteEventStore,
  upcastingEventStore,
} from '@dispatch/storage';
import { projections } from '../projections/index.ts';
import { definitionsOf, startProjector } from '../runner/index.ts';

/**
 * Every read model of a document store, document by document, in a form two ways of building them can
 * be compared in: what the product built as it ran (live, caught up after a restart, rebuilt and
 * switched over) against a projection of the same log from position 0.
 */

/** The collections the projections build: those a rebuild builds and switches over. */
export const snapshotCollections = readModelCollections(definitionsOf(projections)).map(
  ({ collection }) => collection,
);

/**
 * Counter documents, whose counters are only ever added to. The runner writes a batch's sum per
 * document and leaves out a sum of 0 (see UnitOfWork.operations): a posting posted and removed within
 * one batch leaves no counter behind, where batches cut elsewhere leave counters at 0 (or the whole
 * document, all its counters at 0). The query side reads an absent counter or document as 0, so they
 * are compared as the counts they stand for: counters at 0 and documents with nothing but such
 * counters left out, and without their position (the last event of the batch that touched them).
 */
const counterCollections = new Set<string>([
  collections.boardStats,
  collections.boardCalendar,
  collections.envelopeCounts,
  collections.laneRates,
]);
/** The fields a counter document is created with (its `insert`), as opposed to its counters. */
const counterDocumentFields = new Set<string>([
  ...['id', 'orgId', 'kind', 'createdBy', 'creator', 'year', 'type'],
  ...laneRatesDocumentFields,
]);

function nonZeroCounters(value: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, counter] of Object.entries(value)) {
    if (counter === 0) continue;
    if (typeof counter === 'object' && counter !== null && !Array.isArray(counter)) {
      const nested = nonZeroCounters(counter as Record<string, unknown>);
      if (Object.keys(nested).length > 0) kept[key] = nested;
    } else kept[key] = counter;
  }
  return kept;
}

function countsOf(documents: Record<string, unknown>[]) {
  return documents.flatMap(({ position: _position, ...document }) => {
    const counted = nonZeroCounters(document);
    const hasCounters = Object.keys(counted).some((field) => !counterDocumentFields.has(field));
    return hasCounters ? [{ ...counted, id: document.id }] : [];
  });
}

export type ReadModelSnapshot = Record<string, Record<string, unknown>[]>;

type Stored = Record<string, unknown> & { id: string };

function snapshotOf(read: (collection: string) => Stored[]): ReadModelSnapshot {
  const all: ReadModelSnapshot = {};
  for (const name of snapshotCollections) {
    const found = read(name).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    all[name] = counterCollections.has(name) ? countsOf(found) : found;
  }
  return all;
}

/** Every read model collection of the store, sorted by id (counter collections as their counts). */
export async function readModelSnapshot(documents: DocumentStore): Promise<ReadModelSnapshot> {
  const found = new Map<string, Stored[]>();
  for (const name of snapshotCollections) {
    // A collection the projector never created holds nothing.
    found.set(name, await documents.find<Stored & { position: string }>(name, {}).catch(() => []));
  }
  return snapshotOf((name) => found.get(name) ?? []);
}

/**
 * The read models of a product's SQLite read models file, read-only: beside the running product
 * (once it is idle) or after its death. Documents as the document store reads them (their body and
 * position).
 */
export function readModelFileSnapshot(path: string): ReadModelSnapshot {
  const db = new DatabaseSync(path, { readOnly: true });
  const joined: DatabaseSync[] = [];
  try {
    const tableIn = (file: DatabaseSync, name: string) =>
      file.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
    // Read models a rebuild joined from a file of their own are read there (see file-set-store.ts).
    const placed = new Map<string, { file: DatabaseSync; table: string }>();
    if (tableIn(db, 'docs_document_placements')) {
      const files = new Map<string, DatabaseSync>();
      for (const row of db.prepare('SELECT doc FROM "docs_document_placements"').all() as { doc: string }[]) {
        const { id, file, stored } = JSON.parse(row.doc) as { id: string; file: string; stored: string };
        let opened = files.get(file);
        if (!opened) {
          opened = new DatabaseSync(path.replace(/\.sqlite$/, `.${file}.sqlite`), { readOnly: true });
          files.set(file, opened);
          joined.push(opened);
        }
        placed.set(id, { file: opened, table: `docs_${stored}` });
      }
    }
    // One read transaction a file.
    for (const file of [db, ...joined]) file.exec('BEGIN');
    return snapshotOf((name) => {
      const { file, table } = placed.get(name) ?? { file: db, table: `docs_${name}` };
      if (!tableIn(file, table)) return [];
      return (
        file.prepare(`SELECT doc, CAST(position AS TEXT) AS position FROM "${table}"`).all() as {
          doc: string;
          position: string;
        }[]
      ).map((row) => ({ ...JSON.parse(row.doc), position: row.position }) as Stored);
    });
  } finally {
    for (const file of joined) file.close();
    db.close();
  }
}

/**
 * The read models a projection of an event store file from position 0 gives, built in memory by the
 * projector as the product runs it (default batch sizes, events upcast). The file is only read.
 */
export async function projectedFromZero(eventStorePath: string): Promise<ReadModelSnapshot> {
  // Read as the product reads it: older event versions upcast to the current ones.
  const eventStore = upcastingEventStore(openSqliteEventStore({ path: eventStorePath }), (event) =>
    eventUpcasting.upcast(event),
  );
  const documents = openSqliteDocumentStore({ path: ':memory:' });
  const errors: unknown[] = [];
  try {
    const head = await eventStore.headPosition();
    const projector = await startProjector({
      eventStore,
      documents,
      projections,
      onError: (error) => errors.push(error),
    });
    const reached = await projector.waitFor(head, 60_000);
    await projector.close();
    if (errors.length > 0) throw errors[0];
    if (!reached) throw new Error(`the projection from zero did not reach ${head}`);
    return await readModelSnapshot(documents);
  } finally {
    await documents.close();
    await eventStore.close();
  }
}
