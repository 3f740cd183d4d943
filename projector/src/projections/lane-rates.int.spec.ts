import { randomUUID } from 'node:crypto';
import {
  collections,
  figuresOf,
  type LanePeriodRates,
  type LaneRatesDocument,
  laneRatesId,
  laneSpanOf,
  mergeHistogram,
  rateBin,
} from '@dispatch/read-models';
import { type DocumentStore, type EventStore, openSqliteDocumentStore } from '@dispatch/storage';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startProjector } from '../runner/index.ts';
import { eventMetadata, loadFixture } from '../testing/event-fixtures.ts';
import { memoryStoresPerTest } from '../testing/memory-stores.ts';
import { readModelSnapshot } from '../testing/read-model-snapshot.ts';
import { laneRatesProjection } from './lane-rates.ts';
import { organizationsProjection } from './organizations.ts';

let events: EventStore;
let documents: DocumentStore;
memoryStoresPerTest((stores) => ({ events, documents } = stores));

const ORG = 'org-lanes';
const revisions = new Map<string, bigint>();
async function append(stream: string, type: string, data: object, occurredAt: string, orgId = ORG) {
  const result = await events.append(
    stream,
    [{ id: randomUUID(), type, data, metadata: eventMetadata({ orgId, occurredAt }) }],
    { expected: revisions.get(stream) ?? 'no_stream' },
  );
  revisions.set(stream, result.nextRevision);
}

/** Lane history reads the organization's time zone from the organizations read model, and nothing else. */
const projections = [organizationsProjection, laneRatesProjection];

async function projectInto(store: DocumentStore, batchSize: number) {
  const errors: unknown[] = [];
  const projector = await startProjector({
    eventStore: events,
    documents: store,
    projections,
    batchSize,
    onError: (error) => errors.push(error),
  });
  const reached = await projector.waitFor(await events.headPosition(), 10_000);
  await projector.close();
  if (errors.length > 0) throw errors[0];
  expect(reached).toBe(true);
}

const organization = (orgId: string, timeZone: string) =>
  append(
    `organization-${orgId}`,
    'OrganizationCreated',
    { organizationId: orgId, name: orgId, slug: orgId, timeZone, createdBy: 'user-1' },
    '2026-01-01T00:00:00.000Z',
    orgId,
  );

const laneCollections = [collections.laneRates, collections.laneRateLoads];
async function laneSnapshot(store: DocumentStore) {
  const all = await readModelSnapshot(store);
  return Object.fromEntries(laneCollections.map((name) => [name, all[name]]));
}

const desMoines = { state: 'IA', city: 'Des Moines', latitude: 0, longitude: 0 };
const chicago = { state: 'IL', city: 'Chicago', latitude: 0, longitude: 0 };

describe('lane history', () => {
  it('counts a load in the ISO week and month of the day it was posted in the organization’s time zone', async () => {
    revisions.clear();
    await organization(ORG, 'Asia/Tokyo');
    // Sunday 29 November 2026 at 16:00 UTC is Monday 30 November in Tokyo: week 49 there, 48 in UTC;
    // and 30 November 16:00 UTC is December 1st.
    await append(
      'load-1',
      'LoadPosted',
      { loadId: 1, ...loadFixture({ rateForTitan: 40 }) },
      '2026-11-29T16:00:00.000Z',
    );
    await append(
      'load-2',
      'LoadPosted',
      { loadId: 2, ...loadFixture({ rateForTitan: 41 }) },
      '2026-11-30T16:00:00.000Z',
    );
    await projectInto(documents, 1000);
    const bucket = async (kind: 'week' | 'month', period: string) => {
      const lane = await documents.get<LaneRatesDocument>(
        collections.laneRates,
        laneRatesId(ORG, 'FLATBED', desMoines, chicago, kind, laneSpanOf(kind, period)),
      );
      return (lane?.[period] as LanePeriodRates | undefined) ?? null;
    };
    expect((await bucket('week', '2026-W49'))?.TONS?.our).toEqual({ [rateBin(40)]: 1, [rateBin(41)]: 1 });
    expect(await bucket('week', '2026-W48')).toBeNull();
    expect((await bucket('month', '2026-11'))?.TONS?.our).toEqual({ [rateBin(40)]: 1 });
    expect((await bucket('month', '2026-12'))?.TONS?.our).toEqual({ [rateBin(41)]: 1 });
  });

  it('keeps a value to four significant digits and reads the median off the merged bins', () => {
    for (const value of [42.75, 0.455, 2350, 1, 0.0001234, 99_990, -2, 4.75])
      expect(figuresOf(new Map([[rateBin(value), 1]])).median).toBe(value);
    expect(figuresOf(new Map([[rateBin(1234.56), 1]])).median).toBe(1235);
    const merged = new Map<string, number>();
    mergeHistogram(merged, { [rateBin(38)]: 1, [rateBin(50)]: 2 });
    mergeHistogram(merged, { [rateBin(40)]: 1, [rateBin(45)]: 1, [rateBin(50)]: -1 });
    // 38, 40, 45, 50
    expect(figuresOf(merged)).toEqual({ count: 4, min: 38, max: 50, median: 42.5 });
  });

  /**
   * Random loads posted, edited (rates, units, lane, trailer) and removed, in two organizations and
   * zones: the lane history built event by event equals the one rebuilt from position 0 in one batch.
   */
  it('is the same applied event by event as rebuilt from position 0', async () => {
    const cities = [
      ['IA', 'Des Moines'],
      ['IA', 'Ames'],
      ['IL', 'Chicago'],
      ['TX', 'Dallas'],
      // Not on the map: in no lane.
      ['KS', 'Zzyzx Flats'],
    ] as const;
    const rate = fc.option(fc.constantFrom(0, 1.5, 38, 42.75, 1234.56, 2350), { nil: null });
    const unit = fc.constantFrom('TONS', 'BUSHELS', 'FLAT_RATE');
    const lane = fc.record({
      origin: fc.constantFrom(...cities),
      destination: fc.constantFrom(...cities),
      trailerType: fc.constantFrom('FLATBED', 'HIGH_SIDED_HOPPER'),
      rateForTitan: rate,
      rateForTitanUnit: unit,
      rateForCarrier: rate,
      rateForCarrierUnit: unit,
    });
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('post' as const),
        org: fc.constantFrom('a', 'b'),
        lane,
        day: fc.nat(60),
      }),
      fc.record({
        kind: fc.constant('edit' as const),
        load: fc.nat(20),
        changes: lane.chain((whole) => fc.subarray(Object.keys(whole)).map((keys) => ({ whole, keys }))),
        day: fc.nat(60),
      }),
      fc.record({ kind: fc.constant('remove' as const), load: fc.nat(20), day: fc.nat(60) }),
    );
    const fields = (value: Record<string, unknown>) => {
      const { origin, destination, ...rest } = value as {
        origin?: readonly [string, string];
        destination?: readonly [string, string];
      };
      return {
        ...rest,
        ...(origin ? { originState: origin[0], originCity: origin[1] } : {}),
        ...(destination ? { destinationState: destination[0], destinationCity: destination[1] } : {}),
      };
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        async (steps, batch) => {
          const { openSqliteEventStore } = await import('@dispatch/storage');
          events = openSqliteEventStore({ path: ':memory:' });
          const incremental = openSqliteDocumentStore({ path: ':memory:' });
          const rebuilt = openSqliteDocumentStore({ path: ':memory:' });
          revisions.clear();
          try {
            await organization('org-a', 'America/Chicago');
            await organization('org-b', 'Asia/Tokyo');
            const live: { id: number; org: string }[] = [];
            let next = 1;
            for (const [index, one] of steps.entries()) {
              const at = new Date(Date.UTC(2026, 0, 1) + one.day * 86_400_000 + index * 60_000).toISOString();
              if (one.kind === 'post') {
                const id = next++;
                const orgId = `org-${one.org}`;
                await append(
                  `load-${id}`,
                  'LoadPosted',
                  { loadId: id, ...loadFixture(fields(one.lane)) },
                  at,
                  orgId,
                );
                live.push({ id, org: orgId });
              } else if (live.length > 0) {
                const target = live[one.load % live.length] as { id: number; org: string };
                if (one.kind === 'remove') {
                  await append(`load-${target.id}`, 'LoadRemoved', { loadId: target.id }, at, target.org);
                  live.splice(live.indexOf(target), 1);
                } else {
                  const picked = Object.fromEntries(
                    one.changes.keys.map((key) => [key, (one.changes.whole as Record<string, unknown>)[key]]),
                  );
                  await append(
                    `load-${target.id}`,
                    'LoadUpdated',
                    { loadId: target.id, changes: fields(picked) },
                    at,
                    target.org,
                  );
                }
              }
              // The live projector follows in batches of `batch` events.
              if (index % batch === 0) await projectInto(incremental, batch);
            }
            await projectInto(incremental, batch);
            await projectInto(rebuilt, 100_000);
            expect(await laneSnapshot(incremental)).toEqual(await laneSnapshot(rebuilt));
          } finally {
            await incremental.close();
            await rebuilt.close();
            await events.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
