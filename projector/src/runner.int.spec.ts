import { randomUUID } from 'node:crypto';
import { collections, inProcessChangeFeed, type ProjectionCommit } from '@dispatch/read-models';
import type { DocumentStore, EventStore, WriteOperation } from '@dispatch/storage';
import { describe, expect, it } from 'vitest';
import type { Projection } from './projection.ts';
import { projections } from './projections/index.ts';
import { startProjector } from './runner/index.ts';
import { documentStoreCutOnce, documentStoreWith } from './testing/document-store-with.ts';
import { eventMetadata } from './testing/event-fixtures.ts';
import { memoryStoresPerTest } from './testing/memory-stores.ts';
import { truckFixture } from './testing/truck-fixture.ts';

const truck = truckFixture('Projected');

const meta = (orgId: string) => eventMetadata({ orgId });

let events: EventStore;
let documents: DocumentStore;
memoryStoresPerTest((stores) => ({ events, documents } = stores));

const post = (truckId: number, orgId = 'org-a') =>
  events.append(
    `truck-${truckId}`,
    [{ id: randomUUID(), type: 'TruckPosted', data: { truckId, ...truck }, metadata: meta(orgId) }],
    {
      expected: 'no_stream',
    },
  );
const update = (truckId: number, revision: bigint, changes: object) =>
  events.append(
    `truck-${truckId}`,
    [{ id: randomUUID(), type: 'TruckUpdated', data: { truckId, changes }, metadata: meta('org-a') }],
    {
      expected: revision,
    },
  );
const remove = (truckId: number, revision: bigint) =>
  events.append(
    `truck-${truckId}`,
    [{ id: randomUUID(), type: 'TruckRemoved', data: { truckId }, metadata: meta('org-a') }],
    {
      expected: revision,
    },
  );

/** A counter of posted trucks: a batch's increments are merged into one write. */
const tally: Projection = {
  name: 'tally',
  collections: [{ name: 'tallies_v1', fields: {} }],
  eventTypes: ['TruckPosted'],
  async apply(_event, context) {
    context.increment('tallies_v1', 'posted', { id: 'posted' }, { count: 1 });
  },
};

async function snapshot() {
  const rows = await documents.find(collections.trucks, { sort: [{ field: 'createdAt', direction: 'asc' }] });
  return rows.map(({ id, truckName, status, version }) => ({ id, truckName, status, version }));
}

async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('projector', () => {
  it('catches up from the log, then follows it live, and records its checkpoint', async () => {
    await post(1);
    await update(1, 0n, { truckName: 'Renamed' });
    await post(2);
    const projector = await startProjector({ eventStore: events, documents, projections });
    expect(await projector.waitFor(await events.headPosition(), 5000)).toBe(true);
    expect(await snapshot()).toEqual([
      { id: '1', truckName: 'Renamed', status: true, version: 1 },
      { id: '2', truckName: 'Projected', status: true, version: 0 },
    ]);

    const { position } = await remove(2, 0n);
    expect(await projector.waitFor(position, 5000)).toBe(true);
    expect((await snapshot()).map((row) => row.id)).toEqual(['1']);
    expect((await documents.get(collections.checkpoints, 'read-models'))?.position).toBe(position.toString());
    await projector.close();
  });

  it('answers at once a wait asked of it once closed (a switch to rebuilt read models closes it)', async () => {
    await post(1);
    const projector = await startProjector({ eventStore: events, documents, projections });
    await projector.waitFor(await events.headPosition(), 5000);
    await projector.close();
    const { position } = await post(2);
    // An hour's wait: a closed projector will never reach the position, and should say so now.
    const answer = await Promise.race([
      projector.waitFor(position, 3_600_000),
      new Promise((resolve) => setImmediate(() => resolve('still waiting'))),
    ]);
    expect(answer).toBe(false);
    expect(await projector.waitFor(position - 1n, 3_600_000)).toBe(true);
  });

  it('resumes from its checkpoint and a full replay changes nothing', async () => {
    await post(1);
    const first = await startProjector({ eventStore: events, documents, projections });
    await first.waitFor(await events.headPosition(), 5000);
    await first.close();
    await update(1, 0n, { status: false });
    const before = await snapshot();

    // Replay everything from position 0 under another checkpoint name into the same collections.
    const replay = await startProjector({ eventStore: events, documents, projections, name: 'replay' });
    expect(await replay.waitFor(await events.headPosition(), 5000)).toBe(true);
    await replay.close();
    const resumed = await startProjector({ eventStore: events, documents, projections });
    await resumed.waitFor(await events.headPosition(), 5000);
    await resumed.close();
    expect(await snapshot()).toEqual([{ id: '1', truckName: 'Projected', status: false, version: 1 }]);
    expect(before).toEqual([{ id: '1', truckName: 'Projected', status: true, version: 0 }]);
  });

  it('drops the read models an earlier version kept and builds the new ones from the first event', async () => {
    await post(1);
    const notes = (name: string): Projection => ({
      name: 'notes',
      collections: [{ name, fields: { orgId: 'text' } }],
      eventTypes: ['TruckPosted'],
      async apply(event, context) {
        context.put(name, { id: String((event.data as { truckId: number }).truckId), orgId: 'org-a' });
      },
    });
    const earlier = await startProjector({ eventStore: events, documents, projections: [notes('notes_v1')] });
    expect(await earlier.waitFor(await events.headPosition(), 5000)).toBe(true);
    await earlier.close();
    expect(await documents.count('notes_v1')).toBe(1);

    const later = await startProjector({ eventStore: events, documents, projections: [notes('notes_v2')] });
    expect(await later.waitFor(await events.headPosition(), 5000)).toBe(true);
    await later.close();
    expect(await documents.count('notes_v2')).toBe(1);
    await expect(documents.count('notes_v1')).rejects.toThrow(/does not exist/);
  });

  it('builds its read models again from the first event when a batch written in parts was cut midway', async () => {
    await post(1);
    await post(2);
    const first = await startProjector({ eventStore: events, documents, projections: [tally] });
    expect(await first.waitFor(await events.headPosition(), 5000)).toBe(true);
    await first.close();
    const third = await post(3);
    const { position } = await post(4);
    // A crash between two parts of the next batch (the third and fourth trucks): the third's count is
    // in, the checkpoint is not, and the mark of a batch under way is left (as the store leaves it, see
    // `WriteOptions.unsettled`).
    await documents.write([
      {
        op: 'increment',
        collection: 'tallies_v1',
        id: 'posted',
        insert: {},
        by: { count: 1 },
        position: third.position,
      },
      {
        op: 'put',
        collection: collections.checkpoints,
        document: { id: 'read-models:unsettled' },
        position: 1n,
      },
    ]);

    const next = await startProjector({ eventStore: events, documents, projections: [tally] });
    expect(await next.waitFor(position, 5000)).toBe(true);
    await next.close();
    // Replayed from its checkpoint over the part written, the third truck would count twice (the batch's
    // increments are merged into one, at the fourth's position).
    expect((await documents.get('tallies_v1', 'posted'))?.count).toBe(4);
    expect(await documents.get(collections.checkpoints, 'read-models:unsettled')).toBeNull();
  });

  it('lets the process’s other work run while it applies a long catch-up batch', async () => {
    for (let truckId = 1; truckId <= 2000; truckId++) await post(truckId);
    let applied = 0;
    // About 50 µs of work per event: the batch of 2,000 takes 100 ms or more to apply.
    const slow: Projection = {
      name: 'slow',
      collections: [{ name: 'slow_v1', fields: {} }],
      eventTypes: ['TruckPosted'],
      apply() {
        const until = performance.now() + 0.05;
        while (performance.now() < until);
        applied++;
      },
    };
    // What another request of the process would see of the projector's progress, turn after turn.
    const seen = new Set<number>();
    let watching = true;
    const watch = () => {
      seen.add(applied);
      if (watching) setImmediate(watch);
    };
    watch();
    const projector = await startProjector({ eventStore: events, documents, projections: [slow] });
    expect(await projector.waitFor(await events.headPosition(), 10_000)).toBe(true);
    watching = false;
    await projector.close();

    expect(applied).toBe(2000);
    // Turns of the event loop came between the events of the one batch, not only before and after it.
    expect([...seen].filter((count) => count > 0 && count < 2000).length).toBeGreaterThan(1);
  });

  it('loses nothing when a write fails midway: the batch is tried again', async () => {
    let failures = 1;
    const flaky = documentStoreWith(documents, {
      write: async (operations: WriteOperation[]) => {
        if (failures-- > 0) throw new Error('disk full');
        return documents.write(operations);
      },
    });
    await post(1);
    await post(2);
    const errors: unknown[] = [];
    const projector = await startProjector({
      eventStore: events,
      documents: flaky,
      projections,
      onError: (e) => errors.push(e),
    });
    expect(await projector.waitFor(await events.headPosition(), 5000)).toBe(true);
    expect(errors).toHaveLength(1);
    expect((await snapshot()).map((row) => row.id)).toEqual(['1', '2']);
    await projector.close();
  });

  it('writes no more once a batch written in parts was cut midway by a failure, and the next start mends it', async () => {
    await post(1);
    await post(2);
    // The batch's count goes in with the mark of a batch under way, then the rest fails (as a store
    // writing it in parts leaves a part committed).
    const failing = documentStoreCutOnce(
      documents,
      () => true,
      (operation) => operation.collection === 'tallies_v1',
    );
    const halted: Error[] = [];
    const projector = await startProjector({
      eventStore: events,
      documents: failing,
      projections: [tally],
      onError: () => {},
      onHalt: (error) => halted.push(error),
    });
    await until(async () => halted.length > 0);
    const { position } = await post(3);
    expect(await projector.waitFor(position, 1000)).toBe(false);
    await projector.close();
    // Tried again, the two trucks would have counted four.
    expect((await documents.get('tallies_v1', 'posted'))?.count).toBe(2);
    expect(await documents.get(collections.checkpoints, 'read-models')).toBeNull();

    const next = await startProjector({ eventStore: events, documents, projections: [tally] });
    expect(await next.waitFor(position, 5000)).toBe(true);
    await next.close();
    expect((await documents.get('tallies_v1', 'posted'))?.count).toBe(3);
  });

  it('writes nothing once closed, not even the retry of a write that failed before', async () => {
    const store = documents;
    let failing = true;
    let writesAfterClose = 0;
    let closed = false;
    const flaky = documentStoreWith(store, {
      write: async (operations: WriteOperation[]) => {
        if (closed) writesAfterClose++;
        if (failing) throw new Error('disk full');
        return store.write(operations);
      },
    });
    await post(1);
    const projector = await startProjector({
      eventStore: events,
      documents: flaky,
      projections,
      onError: () => {},
    });
    await post(2);
    // A write has failed, and its retry is due in 500 ms: the projector is closed before it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await projector.close();
    closed = true;
    failing = false;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(writesAfterClose).toBe(0);
  });

  it('publishes each commit with the changed ids per organization', async () => {
    const feed = inProcessChangeFeed();
    const commits: ProjectionCommit[] = [];
    feed.subscribe((commit) => commits.push(commit));
    const projector = await startProjector({ eventStore: events, documents, projections, feed });
    await post(5, 'org-a');
    const { position } = await post(6, 'org-b');
    await projector.waitFor(position, 5000);
    const changes = commits.flatMap((commit) => commit.changes);
    expect(changes).toEqual(
      expect.arrayContaining([
        { kind: 'trucks', orgId: 'org-a', ids: [5] },
        { kind: 'trucks', orgId: 'org-b', ids: [6] },
      ]),
    );
    expect(commits.at(-1)?.position).toBe(position);
    await projector.close();
  });
});

describe('a projector building read models from the first event', () => {
  it('writes the events that arrive while it builds their indexes, with none arriving after', async () => {
    for (let id = 1; id <= 5; id++) await post(id);
    let release = () => {};
    const indexesHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    let building = () => {};
    const indexesStarted = new Promise<void>((resolve) => {
      building = resolve;
    });
    const slowIndexes = documentStoreWith(documents, {
      createIndexes: async (collection) => {
        building();
        await indexesHeld;
        return documents.createIndexes(collection);
      },
    });
    // The events the projector has taken from the log, whether written or not.
    const received: bigint[] = [];
    const watchedLog = new Proxy(events, {
      get(target, call) {
        if (call !== 'subscribe') {
          const value = Reflect.get(target, call);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        const subscribe: EventStore['subscribe'] = (from, handler, options) =>
          target.subscribe(
            from,
            async (event) => {
              await handler(event);
              received.push(event.position);
            },
            options,
          );
        return subscribe;
      },
    });
    const projector = await startProjector({ eventStore: watchedLog, documents: slowIndexes, projections });
    await indexesStarted;
    // Received while the indexes are built, and the last the log has for a while.
    await post(6);
    const { position } = await post(7);
    await expect.poll(() => received.includes(position)).toBe(true);
    // The flush their arrival asked for runs (and finds the index build under way) before the release.
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await projector.waitFor(position, 3000)).toBe(true);
    expect((await snapshot()).map((row) => row.id)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    await projector.close();
  });
});
