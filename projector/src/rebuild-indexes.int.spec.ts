import { randomUUID } from 'node:crypto';
import { collections } from '@dispatch/read-models';
import {
  type DocumentStore,
  type EventStore,
  openSqliteDocumentStore,
  openSqliteEventStore,
} from '@dispatch/storage';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { projections } from './projections/index.ts';
import { startProjector } from './runner/index.ts';
import { eventMetadata } from './testing/event-fixtures.ts';
import { truckFixture } from './testing/truck-fixture.ts';

const truck = truckFixture('Rebuilt');

const readModels = projections.flatMap((projection) => projection.collections.map(({ name }) => name));

let events: EventStore;
let documents: DocumentStore;
let deferred: Map<string, boolean>;
let indexed: Set<string>;

/** The store as the projector sees it, noting which collections it ensured without indexes and indexed later. */
function watched(): DocumentStore {
  return {
    ...documents,
    ensureCollection: (definition, options) => {
      deferred.set(definition.name, options?.deferIndexes ?? false);
      return documents.ensureCollection(definition, options);
    },
    createIndexes: (name) => {
      indexed.add(name);
      return documents.createIndexes(name);
    },
    dropCollection: (name) => documents.dropCollection(name),
    get: (collection, id) => documents.get(collection, id),
    find: (collection, query) => documents.find(collection, query),
    count: (collection, filter) => documents.count(collection, filter),
    write: (operations) => documents.write(operations),
  };
}

const post = (truckId: number) =>
  events.append(
    `truck-${truckId}`,
    [
      {
        id: randomUUID(),
        type: 'TruckPosted',
        data: { truckId, ...truck },
        metadata: eventMetadata({ orgId: 'org-a' }),
      },
    ],
    { expected: 'no_stream' },
  );

beforeEach(() => {
  events = openSqliteEventStore({ path: ':memory:' });
  documents = openSqliteDocumentStore({ path: ':memory:' });
  deferred = new Map();
  indexed = new Set();
});
afterEach(async () => {
  await documents.close();
  await events.close();
});

it('rebuilds from position 0 without indexes, and has them when it reaches the head it started at', async () => {
  for (let id = 1; id <= 5; id++) await post(id);
  const projector = await startProjector({
    eventStore: events,
    documents: watched(),
    projections,
    batchSize: 2,
  });
  for (const name of readModels) expect(deferred.get(name)).toBe(true);
  expect(await projector.waitFor(await events.headPosition(), 5000)).toBe(true);
  expect([...indexed].sort()).toEqual([...readModels].sort());
  expect(await documents.count(collections.trucks, { orgId: { eq: 'org-a' } })).toBe(5);
  await projector.close();
});

it('builds no indexes for the read models it applies untold, the scratch copies a group rebuild drops at its switch', async () => {
  for (let id = 1; id <= 5; id++) await post(id);
  const lists = projections.filter((projection) =>
    projection.collections.some(({ name }) => name === collections.trucks),
  );
  expect(lists.length).toBeGreaterThan(0);
  const scratch = lists.flatMap((projection) => projection.collections.map(({ name }) => name));
  const projector = await startProjector({
    eventStore: events,
    documents: watched(),
    projections,
    untold: lists,
    batchSize: 2,
  });
  for (const name of readModels) expect(deferred.get(name)).toBe(true);
  expect(await projector.waitFor(await events.headPosition(), 5000)).toBe(true);
  expect([...indexed].sort()).toEqual(readModels.filter((name) => !scratch.includes(name)).sort());
  // Written all the same: the projections told of read them by id.
  expect(await documents.get(collections.trucks, '5')).toMatchObject({ id: '5', orgId: 'org-a' });
  await projector.close();
});

it('answers no caller for a position it has written until the indexes are built, however often asked', async () => {
  for (let id = 1; id <= 5; id++) await post(id);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let building = false;
  const store = watched();
  const projector = await startProjector({
    eventStore: events,
    documents: {
      ...store,
      createIndexes: async (name) => {
        building = true;
        await held;
        return store.createIndexes(name);
      },
    },
    projections,
    batchSize: 2,
  });
  const head = await events.headPosition();
  // Every event is written and the indexes are being built: asking again and again gets no answer.
  await expect.poll(() => building, { timeout: 5000 }).toBe(true);
  expect(projector.position()).toBe(head);
  for (let asked = 0; asked < 3; asked++) expect(await projector.waitFor(head, 50)).toBe(false);
  expect(await projector.waitFor(1n, 50)).toBe(false);
  release();
  expect(await projector.waitFor(head, 5000)).toBe(true);
  expect(await projector.waitFor(1n, 0)).toBe(true);
  await projector.close();
});

it('keeps the indexes of a projector that starts from its checkpoint', async () => {
  await post(1);
  const first = await startProjector({ eventStore: events, documents: watched(), projections });
  expect(await first.waitFor(await events.headPosition(), 5000)).toBe(true);
  await first.close();
  await post(2);
  deferred.clear();
  indexed.clear();

  const live = await startProjector({ eventStore: events, documents: watched(), projections });
  for (const name of readModels) expect(deferred.get(name)).toBe(false);
  expect(await live.waitFor(await events.headPosition(), 5000)).toBe(true);
  expect(indexed.size).toBe(0);
  expect(await documents.count(collections.trucks, { orgId: { eq: 'org-a' } })).toBe(2);
  await live.close();
});

it('creates the indexes at once on an empty log', async () => {
  const projector = await startProjector({ eventStore: events, documents: watched(), projections });
  for (const name of readModels) expect(deferred.get(name)).toBe(false);
  await projector.close();
});
