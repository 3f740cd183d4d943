import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collections } from '@dispatch/read-models';
import {
  type DocumentStore,
  type EventStore,
  openSqliteDocumentStore,
  openSqliteEventStore,
  type WriteOperation,
} from '@dispatch/storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projections } from './projections/index.ts';
import { startProjector } from './runner/index.ts';
import { eventMetadata } from './testing/event-fixtures.ts';
import { truckFixture } from './testing/truck-fixture.ts';

const truck = truckFixture('Pipelined');

const meta = (day: number) =>
  eventMetadata({
    orgId: 'org-a',
    actorId: `user-${day % 3}`,
    occurredAt: new Date(Date.UTC(2026, 10, 1 + (day % 20), 15)).toISOString(),
  });

let events: EventStore;
let dir: string;
const opened: DocumentStore[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dispatch-pipeline-'));
  events = openSqliteEventStore({ path: ':memory:' });
  // Each truck is edited and some are removed a few events after their posting: with batches of 8,
  // most edits meet a truck posted by the batch still being written.
  for (let id = 1; id <= 120; id++) {
    await events.append(
      `truck-${id}`,
      [{ id: randomUUID(), type: 'TruckPosted', data: { truckId: id, ...truck }, metadata: meta(id) }],
      { expected: 'no_stream' },
    );
    const edited = id - 5;
    if (edited >= 1) {
      const changes = { status: edited % 2 === 0, availabilityDate: '2026-11-25T00:00:00.000Z' };
      const type = edited % 7 === 0 ? 'TruckRemoved' : 'TruckUpdated';
      const data = type === 'TruckRemoved' ? { truckId: edited } : { truckId: edited, changes };
      await events.append(`truck-${edited}`, [{ id: randomUUID(), type, data, metadata: meta(id + 1) }], {
        expected: 0n,
      });
    }
  }
});

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  await events.close();
  rmSync(dir, { recursive: true, force: true });
});

function open(path: string) {
  const store = openSqliteDocumentStore({ path });
  opened.push(store);
  return store;
}

/** A store whose writes take a while, so the projector applies the next batch meanwhile. */
function slowWrites(store: DocumentStore, failAt?: number): DocumentStore {
  let writes = 0;
  return {
    ensureCollection: (definition, options) => store.ensureCollection(definition, options),
    createIndexes: (name) => store.createIndexes(name),
    dropCollection: (name) => store.dropCollection(name),
    get: (collection, id) => store.get(collection, id),
    find: (collection, query) => store.find(collection, query),
    count: (collection, filter) => store.count(collection, filter),
    findNear: (collection, query) => store.findNear(collection, query),
    close: () => store.close(),
    replaceCollections: (replacements, operations) => store.replaceCollections(replacements, operations),
    write: async (operations: WriteOperation[], options) => {
      // Counted as asked: the next batch may be handed over while this one waits.
      const write = ++writes;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (write === failAt) throw new Error('disk full');
      return store.write(operations, options);
    },
  };
}

async function build(documents: DocumentStore, onError?: (error: unknown) => void) {
  const projector = await startProjector({
    eventStore: events,
    documents,
    projections,
    batchSize: 8,
    catchUpBatchSize: 8,
    onError,
  });
  expect(await projector.waitFor(await events.headPosition(), 10_000)).toBe(true);
  await projector.close();
}

async function readModels(documents: DocumentStore) {
  const all = async (collection: string) =>
    documents.find(collection, { sort: [{ field: 'id', direction: 'asc' }] });
  return {
    trucks: await all(collections.trucks),
    stats: await all(collections.boardStats),
    calendar: await all(collections.boardCalendar),
  };
}

describe('projector batches written while the next is applied', () => {
  it('build the same read models as batches written one at a time', async () => {
    const oneAtATime = open(':memory:');
    await build(oneAtATime);
    const expected = await readModels(oneAtATime);
    expect(expected.trucks.length).toBe(120 - Math.floor(115 / 7));
    expect(expected.trucks.filter((row) => row.version === 1).length).toBeGreaterThan(90);

    const overlapped = open(':memory:');
    await build(slowWrites(overlapped));
    expect(await readModels(overlapped)).toEqual(expected);

    // On a file, the writes run on the store's writer thread.
    const onFile = open(join(dir, 'read-models.sqlite'));
    await build(onFile);
    expect(await readModels(onFile)).toEqual(expected);
  });

  it('catching up, are written full, however the log comes in pages and the writes lag', async () => {
    // More than two of the log's pages (250 events each).
    for (let id = 1001; id <= 1400; id++)
      await events.append(
        `truck-${id}`,
        [{ id: randomUUID(), type: 'TruckPosted', data: { truckId: id, ...truck }, metadata: meta(id) }],
        { expected: 'no_stream' },
      );
    const store = open(':memory:');
    const checkpoints: bigint[] = [];
    const slow = slowWrites(store);
    const documents: DocumentStore = {
      ...slow,
      write: (operations: WriteOperation[], options) => {
        for (const operation of operations)
          if (operation.op === 'put' && operation.collection === collections.checkpoints)
            checkpoints.push(operation.position);
        return slow.write(operations, options);
      },
    };
    const projector = await startProjector({
      eventStore: events,
      documents,
      projections,
      batchSize: 8,
      catchUpBatchSize: 300,
    });
    const head = await events.headPosition();
    expect(await projector.waitFor(head, 10_000)).toBe(true);
    await projector.close();
    const sizes = checkpoints.map((position, index) => Number(position - (checkpoints[index - 1] ?? 0n)));
    expect(head).toBe(635n);
    expect(sizes).toEqual([300, 300, 35]);
  });

  it('drop the batch applied on top of a failed write and apply both again', async () => {
    const oneAtATime = open(':memory:');
    await build(oneAtATime);
    const expected = await readModels(oneAtATime);

    const errors: unknown[] = [];
    const failing = open(':memory:');
    await build(slowWrites(failing, 4), (error) => errors.push(error));
    expect(errors).toEqual([new Error('disk full')]);
    expect(await readModels(failing)).toEqual(expected);
  });
});
