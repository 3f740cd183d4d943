import { randomUUID } from 'node:crypto';
import type { LoadEvent } from '@dispatch/domain';
import { tripMiles } from '@dispatch/places';
import {
  type BoardStatsDocument,
  boardStatsIds,
  collections,
  inProcessChangeFeed,
  type LoadDocument,
  type ProjectionCommit,
} from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { describe, expect, it } from 'vitest';
import { startProjector } from '../runner/index.ts';
import { eventMetadata, loadFixture } from '../testing/event-fixtures.ts';
import { memoryStoresPerTest } from '../testing/memory-stores.ts';
import { projections } from './index.ts';

const load = loadFixture({ rateForTitan: 3, rateForCarrier: '', customerName: 'Prairie Grain Co.' });

let events: EventStore;
let documents: DocumentStore;
memoryStoresPerTest((stores) => ({ events, documents } = stores));

const append = (loadId: number, event: LoadEvent, expected: bigint | 'no_stream', orgId = 'org-a') =>
  events.append(
    `load-${loadId}`,
    [
      {
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: eventMetadata({ orgId }),
      },
    ],
    { expected },
  );

describe('loads projection', () => {
  it('keeps one document per live load, searchable by customer and cities, and says what changed', async () => {
    const feed = inProcessChangeFeed();
    const commits: ProjectionCommit[] = [];
    feed.subscribe((commit) => commits.push(commit));
    const projector = await startProjector({ eventStore: events, documents, projections, feed });

    await append(1, { type: 'LoadPosted', data: { loadId: 1, ...load } }, 'no_stream');
    await append(2, { type: 'LoadPosted', data: { loadId: 2, ...load } }, 'no_stream', 'org-b');
    const { position: edited } = await append(
      1,
      {
        type: 'LoadUpdated',
        data: { loadId: 1, changes: { customerName: 'Iowa Feed', rateForCarrier: 2.5 } },
      },
      0n,
    );
    expect(await projector.waitFor(edited, 5000)).toBe(true);
    const document = await documents.get<LoadDocument>(collections.loads, '1');
    expect(document).toMatchObject({
      orgId: 'org-a',
      customerName: 'Iowa Feed',
      rateForCarrier: 2.5,
      rateForCarrierUnit: 'TONS',
      version: 1,
      searchText: 'heavy iowa feed des moines, ia iowa chicago, il illinois',
      // Des Moines to Chicago: estimated road miles; per ton, no rate per mile; the margin in tons.
      tripMiles: tripMiles({ state: 'IA', city: 'Des Moines' }, { state: 'IL', city: 'Chicago' }),
      ratePerMile: null,
      carrierRatePerMile: null,
      margin: 0.5,
      marginUnit: 'TONS',
    });
    expect(document?.tripMiles).toBeGreaterThan(300);
    const found = await documents.find(collections.loads, {
      filter: { orgId: { eq: 'org-a' }, searchText: { contains: 'MOINES' } },
    });
    expect(found.map((row) => row.id)).toEqual(['1']);

    const { position: removed } = await append(1, { type: 'LoadRemoved', data: { loadId: 1 } }, 1n);
    expect(await projector.waitFor(removed, 5000)).toBe(true);
    expect(await documents.get(collections.loads, '1')).toBeNull();
    expect(await documents.get(collections.loads, '2')).not.toBeNull();
    expect(commits.flatMap((commit) => commit.changes)).toEqual(
      expect.arrayContaining([
        { kind: 'loads', orgId: 'org-a', ids: [1] },
        { kind: 'loads', orgId: 'org-b', ids: [2] },
      ]),
    );
    await projector.close();
  });

  it('keeps the direction from origin to destination, and counts loads by it, following edits of the route', async () => {
    const projector = await startProjector({ eventStore: events, documents, projections });
    await append(1, { type: 'LoadPosted', data: { loadId: 1, ...load } }, 'no_stream');
    await append(
      2,
      { type: 'LoadPosted', data: { loadId: 2, ...load, originCity: 'No Such Town' } },
      'no_stream',
    );
    const { position } = await append(
      1,
      {
        type: 'LoadUpdated',
        data: { loadId: 1, changes: { destinationState: 'MN', destinationCity: 'Minneapolis' } },
      },
      0n,
    );
    expect(await projector.waitFor(position, 5000)).toBe(true);
    // Des Moines → Minneapolis runs north; No Such Town is not a place the map knows.
    expect(await documents.get<LoadDocument>(collections.loads, '1')).toMatchObject({ direction: 'NORTH' });
    expect(await documents.get<LoadDocument>(collections.loads, '2')).toMatchObject({ direction: null });
    const stats = await documents.get<BoardStatsDocument>(
      collections.boardStats,
      boardStatsIds.total('loads', 'org-a'),
    );
    const facets = Object.entries(stats?.facets ?? {}).filter(([, count]) => count !== 0);
    expect(Object.fromEntries(facets)).toEqual({ 'FLATBED|HEAVY|NORTH': 1, 'FLATBED|HEAVY|null': 1 });
    await projector.close();
  });
});
