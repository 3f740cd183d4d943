import { randomUUID } from 'node:crypto';
import { PING_CHANGE_KIND, SYSTEM_PINGED } from '@dispatch/domain';
import {
  collections,
  inProcessChangeFeed,
  LAG_COUNT_CAP,
  LIVE_CHECKPOINT,
  type ProjectionCommit,
  readModelCollections,
  readProjectionLag,
} from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { describe, expect, it } from 'vitest';
import { projections } from './projections/index.ts';
import { definitionsOf, paceWith, startProjector } from './runner/index.ts';
import { eventMetadata } from './testing/event-fixtures.ts';
import { memoryStoresPerTest } from './testing/memory-stores.ts';

let events: EventStore;
let documents: DocumentStore;
memoryStoresPerTest((stores) => ({ events, documents } = stores));

const metadata = (orgId: string, occurredAt: string) => eventMetadata({ orgId, occurredAt });

const ping = (orgId: string, pingId: string, occurredAt = new Date().toISOString()) =>
  events.append(
    `ping-${orgId}`,
    [
      {
        id: randomUUID(),
        type: SYSTEM_PINGED,
        data: { pingId, userId: 'user-1' },
        metadata: metadata(orgId, occurredAt),
      },
    ],
    { expected: 'any' },
  );

describe('the projection lag', () => {
  it('counts the events not applied yet and how long the oldest has waited', async () => {
    const now = new Date('2026-11-21T10:00:10.000Z');
    await ping('org-a', randomUUID(), '2026-11-21T10:00:00.000Z');
    await ping('org-a', randomUUID(), '2026-11-21T10:00:04.000Z');
    const head = await events.headPosition();

    const lag = await readProjectionLag(events, documents, now);

    expect(lag).toMatchObject({
      head,
      headAt: '2026-11-21T10:00:04.000Z',
      checkpoint: 0n,
      appliedAt: null,
      lagEvents: 2,
      lagEventsCapped: false,
      lagMs: 10_000,
      eventsLastMinute: 0,
    });
    expect(LAG_COUNT_CAP).toBeGreaterThanOrEqual(1000);
  });

  it('is none once the projector is at the head, which says how many events it applied in the last minute', async () => {
    for (let i = 0; i < 5; i++) await ping('org-a', randomUUID());
    const projector = await startProjector({ eventStore: events, documents, projections });
    expect(await projector.waitFor(await events.headPosition(), 5000)).toBe(true);
    await projector.close();

    const lag = await readProjectionLag(events, documents);

    expect(lag).toMatchObject({ lagEvents: 0, lagMs: 0, eventsLastMinute: 5, eventsPerSecond: 0.1 });
    expect(lag.checkpoint).toBe(lag.head);
    expect(lag.appliedAt).toBe(lag.headAt);
    const stored = await documents.get(collections.checkpoints, LIVE_CHECKPOINT);
    expect(stored?.applied).toEqual([[expect.any(Number), 5]]);
  });

  it('keeps the pace of the last minute only, by second', () => {
    const at = (second: number) => second * 1000 + 250;
    let pace = paceWith([], 3, at(100));
    pace = paceWith(pace, 2, at(100));
    pace = paceWith(pace, 4, at(130));
    expect(pace).toEqual([
      [100, 5],
      [130, 4],
    ]);
    expect(paceWith(pace, 1, at(165))).toEqual([
      [130, 4],
      [165, 1],
    ]);
  });
});

describe('the system ping projection', () => {
  it('tells the ping’s organization its id, and writes no read model', async () => {
    const commits: ProjectionCommit[] = [];
    const feed = inProcessChangeFeed();
    feed.subscribe((commit) => commits.push(commit));
    const pingId = randomUUID();
    await ping('org-a', pingId);
    const projector = await startProjector({ eventStore: events, documents, projections, feed });
    expect(await projector.waitFor(await events.headPosition(), 5000)).toBe(true);
    await projector.close();

    expect(commits.flatMap((commit) => commit.changes)).toEqual([
      { kind: PING_CHANGE_KIND, orgId: 'org-a', ids: [pingId] },
    ]);
    for (const { collection } of readModelCollections(definitionsOf(projections))) {
      expect([collection, await documents.count(collection)]).toEqual([collection, 0]);
    }
  });
});
