import { randomUUID } from 'node:crypto';
import { type BoardStatsDocument, boardStatsIds, collections } from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { describe, expect, it } from 'vitest';
import { projections } from './projections/index.ts';
import { organizationsProjection } from './projections/organizations.ts';
import { trucksProjection } from './projections/trucks.ts';
import { startProjector } from './runner/index.ts';
import { documentStoreWith } from './testing/document-store-with.ts';
import { eventMetadata } from './testing/event-fixtures.ts';
import { memoryStoresPerTest } from './testing/memory-stores.ts';
import { truckFixture } from './testing/truck-fixture.ts';

const truck = truckFixture('Counted late');

let events: EventStore;
let documents: DocumentStore;
memoryStoresPerTest((stores) => ({ events, documents } = stores));

async function post(truckId: number) {
  const metadata = eventMetadata({ orgId: 'org-a' });
  return events.append(
    `truck-${truckId}`,
    [{ id: randomUUID(), type: 'TruckPosted', data: { truckId, ...truck }, metadata }],
    { expected: 'no_stream' },
  );
}

let drops: string[] = [];

async function runUntilHead(projectionsToRun = projections) {
  drops = [];
  const watched = documentStoreWith(documents, {
    write: (operations) => documents.write(operations),
    dropCollection: (name) => {
      drops.push(name);
      return documents.dropCollection(name);
    },
  });
  const projector = await startProjector({
    eventStore: events,
    documents: watched,
    projections: projectionsToRun,
  });
  expect(await projector.waitFor(await events.headPosition(), 5000)).toBe(true);
  await projector.close();
}

describe('a projector whose read models changed since its checkpoint', () => {
  it('builds every read model again from the first event, so a new one misses nothing', async () => {
    await post(1);
    await post(2);
    // Yesterday's product had only the organizations and the trucks list (a posting's expiry reads its
    // organization's settings): its checkpoint is past both posts.
    await runUntilHead([organizationsProjection, trucksProjection]);
    expect(await documents.count(collections.trucks)).toBe(2);

    // Today's adds the board's counters; they count the trucks posted before they existed.
    await post(3);
    await runUntilHead();
    const total = await documents.get<BoardStatsDocument>(
      collections.boardStats,
      boardStatsIds.total('trucks', 'org-a'),
    );
    expect(total?.total).toBe(3);
    expect(drops).toContain(collections.trucks);
    expect(await documents.count(collections.trucks)).toBe(3);

    // The same read models again: it resumes from its checkpoint, nothing is counted twice.
    await post(4);
    await runUntilHead();
    const again = await documents.get<BoardStatsDocument>(
      collections.boardStats,
      boardStatsIds.total('trucks', 'org-a'),
    );
    expect(again?.total).toBe(4);
    expect(drops).toEqual([]);
  });
});
