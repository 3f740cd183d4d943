import { randomUUID } from 'node:crypto';
import { projectionHold } from '@dispatch/read-models';
import { type EventStore, openSqliteDocumentStore, openSqliteEventStore } from '@dispatch/storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projections } from './projections/index.ts';
import { type Projector, startProjector } from './runner/index.ts';
import { eventMetadata } from './testing/event-fixtures.ts';
import { truckFixture } from './testing/truck-fixture.ts';

const truck = truckFixture('Held');
let events: EventStore;
const started: Projector[] = [];

beforeEach(() => {
  events = openSqliteEventStore({ path: ':memory:' });
});

afterEach(async () => {
  for (const projector of started.splice(0)) await projector.close();
  await events.close();
});

async function post(truckId: number): Promise<bigint> {
  const metadata = eventMetadata({ orgId: 'org-a', actorId: 'user-1', occurredAt: new Date().toISOString() });
  const { position } = await events.append(
    `truck-${truckId}`,
    [{ id: randomUUID(), type: 'TruckPosted', data: { truckId, ...truck }, metadata }],
    { expected: 'no_stream' },
  );
  return position;
}

async function projectorWith(hold: ReturnType<typeof projectionHold>) {
  const projector = await startProjector({
    eventStore: events,
    documents: openSqliteDocumentStore({ path: ':memory:' }),
    projections,
    hold,
  });
  started.push(projector);
  return projector;
}

const release = () => {
  let settle = () => {};
  const work = new Promise<void>((resolve) => (settle = resolve));
  return { work, settle };
};

describe('a projector held by work of its process (a large expiry sweep)', () => {
  it('applies nothing while held, and what waits as soon as the work is over', async () => {
    const hold = projectionHold({ batchEveryMs: 60_000 });
    const projector = await projectorWith(hold);
    expect(await projector.waitFor(await post(1), 5000)).toBe(true);
    const sweep = release();
    void hold.during(sweep.work);
    const head = await post(2);
    expect(await projector.waitFor(head, 400)).toBe(false);
    sweep.settle();
    expect(await projector.waitFor(head, 2000)).toBe(true);
  });

  it('applies a batch now and then while held, so it never stops for good', async () => {
    const hold = projectionHold({ batchEveryMs: 300 });
    const projector = await projectorWith(hold);
    void hold.during(new Promise(() => {}));
    expect(hold.held()).toBe(true);
    expect(await projector.waitFor(await post(3), 3000)).toBe(true);
  });

  it('is held only while every work holding it runs', async () => {
    const hold = projectionHold({ batchEveryMs: 60_000 });
    const first = release();
    const second = release();
    void hold.during(first.work);
    void hold.during(second.work);
    first.settle();
    await first.work;
    expect(hold.held()).toBe(true);
    second.settle();
    await second.work;
    await Promise.resolve();
    expect(hold.held()).toBe(false);
  });
});
