import { randomUUID } from 'node:crypto';
import type { TruckEvent } from '@dispatch/domain';
import { collections } from '@dispatch/read-models';
import type { Document } from '@dispatch/storage';
import { describe, expect, it } from 'vitest';
import { startProjector } from '../runner/index.ts';
import { eventMetadata } from '../testing/event-fixtures.ts';
import { memoryStoresPerTest } from '../testing/memory-stores.ts';
import { truckFixture } from '../testing/truck-fixture.ts';
import { projections } from './index.ts';

const stores = memoryStoresPerTest();

const append = (truckId: number, event: TruckEvent, expected: bigint | 'no_stream', occurredAt: string) =>
  stores.events.append(
    `truck-${truckId}`,
    [
      {
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: eventMetadata({ orgId: 'org-a', occurredAt }),
      },
    ],
    { expected },
  );

const all = (collection: string) =>
  stores.documents.find<Document & Record<string, unknown>>(collection, {
    sort: [{ field: 'id', direction: 'asc' }],
  });

describe('the lists keep their past', () => {
  it('stores a version of a row only when an event ends it', async () => {
    const projector = await startProjector({
      eventStore: stores.events,
      documents: stores.documents,
      projections,
    });
    const posted = await append(
      1,
      { type: 'TruckPosted', data: { truckId: 1, ...truckFixture('Blue Kenworth') } },
      'no_stream',
      '2026-11-21T10:00:00.000Z',
    );
    await append(
      2,
      { type: 'TruckPosted', data: { truckId: 2, ...truckFixture('Red Peterbilt') } },
      'no_stream',
      '2026-11-21T10:05:00.000Z',
    );
    expect(await projector.waitFor(await stores.events.headPosition(), 5000)).toBe(true);
    // A row in service is its own version: nothing is stored for it beside the list.
    expect(await all(collections.truckVersions)).toEqual([]);

    const edited = await append(
      1,
      { type: 'TruckUpdated', data: { truckId: 1, changes: { truckName: 'Blue Kenworth W900' } } },
      0n,
      '2026-11-21T11:00:00.000Z',
    );
    await append(2, { type: 'TruckRemoved', data: { truckId: 2 } }, 0n, '2026-11-21T12:00:00.000Z');
    expect(await projector.waitFor(await stores.events.headPosition(), 5000)).toBe(true);

    const versions = await all(collections.truckVersions);
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({
      id: `1@${posted.position}`,
      rowId: '1',
      truckName: 'Blue Kenworth',
      validFromAt: '2026-11-21T10:00:00.000Z',
      validToAt: '2026-11-21T11:00:00.000Z',
      rowCreatedAt: '2026-11-21T10:00:00.000Z',
      endedBy: 'change',
      position: edited.position.toString(),
    });
    expect(versions[1]).toMatchObject({
      rowId: '2',
      truckName: 'Red Peterbilt',
      validFromAt: '2026-11-21T10:05:00.000Z',
      validToAt: '2026-11-21T12:00:00.000Z',
      endedBy: 'removal',
    });
    // The edited row is still in service, from its edit on.
    expect(await stores.documents.get(collections.trucks, '1')).toMatchObject({
      truckName: 'Blue Kenworth W900',
      updatedAt: '2026-11-21T11:00:00.000Z',
    });
    await projector.close();
  });

  it('ends no version for an event the list passes over', async () => {
    const projector = await startProjector({
      eventStore: stores.events,
      documents: stores.documents,
      projections,
    });
    // An edit of a truck the list never had (its posting is not in this log) changes nothing.
    await append(
      7,
      { type: 'TruckUpdated', data: { truckId: 7, changes: { truckName: 'Ghost' } } },
      'no_stream',
      '2026-11-21T10:00:00.000Z',
    );
    expect(await projector.waitFor(await stores.events.headPosition(), 5000)).toBe(true);
    expect(await all(collections.truckVersions)).toEqual([]);
    await projector.close();
  });
});
