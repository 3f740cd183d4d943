import { randomUUID } from 'node:crypto';
import {
  type BoardCalendarDocument,
  type BoardStatsDocument,
  boardCalendarId,
  boardStatsIds,
  collections,
  facetValues,
  monthTotal,
} from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { describe, expect, it } from 'vitest';
import { startProjector } from '../runner/index.ts';
import { eventMetadata, loadFixture } from '../testing/event-fixtures.ts';
import { memoryStoresPerTest } from '../testing/memory-stores.ts';
import { truckFixture } from '../testing/truck-fixture.ts';
import { projections } from './index.ts';

const truck = truckFixture('Counted', { direction: 'NORTH' });
const load = loadFixture({ availabilityDate: '2026-12-02' });

let events: EventStore;
let documents: DocumentStore;
memoryStoresPerTest((stores) => ({ events, documents } = stores));

const ORG = 'org-tokyo';
const revisions = new Map<string, bigint>();
async function append(stream: string, type: string, data: object, occurredAt: string, actorId = 'user-1') {
  const expected = revisions.get(stream) ?? 'no_stream';
  const result = await events.append(
    stream,
    [
      {
        id: randomUUID(),
        type,
        data,
        metadata: eventMetadata({ orgId: ORG, actorId, occurredAt }),
      },
    ],
    { expected },
  );
  revisions.set(stream, result.nextRevision);
  return result.position;
}

async function project(batchSize = 1000) {
  const projector = await startProjector({ eventStore: events, documents, projections, batchSize });
  expect(await projector.waitFor(await events.headPosition(), 5000)).toBe(true);
  await projector.close();
}

const stats = (id: string) => documents.get<BoardStatsDocument>(collections.boardStats, id);
const calendar = (id: string) => documents.get<BoardCalendarDocument>(collections.boardCalendar, id);

/** The organization, created on 1 November 2026 counting its days in Tokyo. */
const tokyoOrganizationCreated = () =>
  append(
    `organization-${ORG}`,
    'OrganizationCreated',
    {
      organizationId: ORG,
      name: 'Tokyo Freight',
      slug: 'tokyo-freight',
      timeZone: 'Asia/Tokyo',
      createdBy: 'user-1',
    },
    '2026-11-01T00:00:00.000Z',
  );

async function history() {
  revisions.clear();
  // The organization counts its days in Tokyo (UTC+9).
  await tokyoOrganizationCreated();
  // 2026-11-30T16:00Z is already December 1st in Tokyo.
  await append('truck-1', 'TruckPosted', { truckId: 1, ...truck }, '2026-11-30T16:00:00.000Z');
  await append(
    'truck-2',
    'TruckPosted',
    { truckId: 2, ...truck, status: false },
    '2026-11-30T14:00:00.000Z',
    'user-2',
  );
  await append(
    'truck-1',
    'TruckUpdated',
    { truckId: 1, changes: { availabilityDate: '2026-11-22T00:00:00.000Z', direction: 'SOUTH' } },
    '2026-12-03T01:00:00.000Z',
  );
  await append(
    'truck-2',
    'TruckUpdated',
    { truckId: 2, changes: { status: true } },
    '2026-12-03T02:00:00.000Z',
  );
  await append('truck-3', 'TruckPosted', { truckId: 3, ...truck }, '2026-12-03T03:00:00.000Z');
  await append('truck-3', 'TruckRemoved', { truckId: 3 }, '2026-12-03T04:00:00.000Z');
  await append('load-1', 'LoadPosted', { loadId: 1, ...load }, '2026-12-03T05:00:00.000Z');
  // Posted unavailable and left so: on the board by its date, but not available.
  await append('truck-4', 'TruckPosted', { truckId: 4, ...truck, status: false }, '2026-12-03T06:00:00.000Z');
}

/**
 * Counters as they stand, without the ones at zero: whether a counter that went up and back down is
 * kept at 0 or never written depends on how events fell into batches.
 */
function nonZero(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value)
    .map(([key, inner]) => [key, nonZero(inner)] as const)
    .filter(
      ([, inner]) =>
        inner !== 0 && !(typeof inner === 'object' && inner !== null && Object.keys(inner).length === 0),
    );
  return Object.fromEntries(entries);
}

async function expectCounters() {
  const trucks = await stats(boardStatsIds.total('trucks', ORG));
  expect(trucks?.total).toBe(3);
  expect((await stats(boardStatsIds.total('loads', ORG)))?.total).toBe(1);
  // Facets: trucks 1 and 2 available, one north (truck 2) and one south (truck 1); truck 4 not.
  expect(nonZero(trucks?.facets)).toEqual({
    'true|FLATBED|NORTH': 1,
    'true|FLATBED|SOUTH': 1,
    'false|FLATBED|NORTH': 1,
  });
  expect(nonZero((await stats(boardStatsIds.creator('trucks', ORG, 'user-2')))?.facets)).toEqual({
    'true|FLATBED|NORTH': 1,
  });
  expect(facetValues('trucks', 'false|FLATBED|null')).toEqual({
    status: false,
    trailerType: 'FLATBED',
    direction: null,
  });

  const everyone = await calendar(boardCalendarId('trucks', ORG, '*', 2026));
  // Created in Tokyo: truck 1 on December 1st, truck 2 on November 30th, truck 4 on December 3rd;
  // truck 3 was removed.
  expect(nonZero(everyone?.createdAt)).toEqual({ '11': { '30': 1 }, '12': { '01': 1, '03': 1 } });
  // Trucks 1 and 2 were last edited on December 3rd, truck 4 posted then.
  expect(nonZero(everyone?.updatedAt)).toEqual({ '12': { '03': 3 } });
  // Truck 1 moved to the 22nd; trucks 2 and 4 are on the board for the 21st.
  expect(nonZero(everyone?.availableDate)).toEqual({ '11': { '21': 2, '22': 1 } });
  // Available on their date: truck 2 since it was marked available; truck 4 never was.
  expect(nonZero(everyone?.available)).toEqual({ '11': { '21': 1, '22': 1 } });
  expect(monthTotal(everyone?.createdAt?.['12'])).toBe(2);

  const byUser2 = await calendar(boardCalendarId('trucks', ORG, 'user-2', 2026));
  expect(nonZero(byUser2?.createdAt)).toEqual({ '11': { '30': 1 } });
  // Only the everyone calendar counts "available" (what the board's "available today" reads).
  expect(byUser2?.available).toBeUndefined();

  const loads = await calendar(boardCalendarId('loads', ORG, '*', 2026));
  expect(nonZero(loads?.createdAt)).toEqual({ '12': { '03': 1 } });
  expect(nonZero(loads?.available)).toEqual({ '12': { '02': 1 } });
}

describe('board counters', () => {
  it('count postings by organization, local day, availability and facet, following edits and removals', async () => {
    await history();
    await project();
    await expectCounters();
  });

  it('come out the same whether events are applied one by one or merged in one batch', async () => {
    await history();
    await project(1);
    await expectCounters();
  });
});

describe('board counters across a change of time zone', () => {
  async function zoneHistory() {
    revisions.clear();
    await tokyoOrganizationCreated();
    // 2026-11-30T16:00Z: December 1st in Tokyo, November 30th in Chicago.
    await append('truck-1', 'TruckPosted', { truckId: 1, ...truck }, '2026-11-30T16:00:00.000Z');
    await append('truck-2', 'TruckPosted', { truckId: 2, ...truck }, '2026-11-30T16:00:00.000Z');
    await append('truck-3', 'TruckPosted', { truckId: 3, ...truck }, '2026-11-30T16:00:00.000Z');
    await append(
      `organization-${ORG}`,
      'OrganizationUpdated',
      { organizationId: ORG, timeZone: 'America/Chicago' },
      '2026-12-02T00:00:00.000Z',
    );
    // Taken out of Tokyo's December 1st, where it was counted.
    await append('truck-1', 'TruckRemoved', { truckId: 1 }, '2026-12-02T01:00:00.000Z');
    // Edited: out of Tokyo's days, into Chicago's (created November 30th, edited December 1st there).
    await append(
      'truck-2',
      'TruckUpdated',
      { truckId: 2, changes: { direction: 'SOUTH' } },
      '2026-12-02T03:00:00.000Z',
    );
    // Changed back: truck 3 was counted in Tokyo, before both changes.
    await append(
      `organization-${ORG}`,
      'OrganizationUpdated',
      { organizationId: ORG, timeZone: 'Asia/Tokyo' },
      '2026-12-05T00:00:00.000Z',
    );
    await append('truck-3', 'TruckRemoved', { truckId: 3 }, '2026-12-05T01:00:00.000Z');
  }

  async function expectNoDrift() {
    const organization = await documents.get<{ id: string; position: string; timeZone: string }>(
      collections.organizations,
      ORG,
    );
    expect(organization?.timeZone).toBe('Asia/Tokyo');
    const everyone = await calendar(boardCalendarId('trucks', ORG, '*', 2026));
    // Only truck 2 is left, counted in Chicago at its edit: nothing below zero, nothing left behind.
    expect(nonZero(everyone?.createdAt)).toEqual({ '11': { '30': 1 } });
    expect(nonZero(everyone?.updatedAt)).toEqual({ '12': { '01': 1 } });
    expect((await stats(boardStatsIds.total('trucks', ORG)))?.total).toBe(1);
  }

  it('take a posting out of the days of the zone it was counted in', async () => {
    await zoneHistory();
    await project();
    await expectNoDrift();
  });

  it('come out the same one event at a time', async () => {
    await zoneHistory();
    await project(1);
    await expectNoDrift();
  });
});
