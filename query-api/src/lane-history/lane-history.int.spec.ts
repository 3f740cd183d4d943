import {
  createOrganization,
  join,
  PostingHistory,
  signUp,
  startTestApp,
  type TestApp,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Lane history from the read model the projector keeps: the organization counts its weeks and
 * months in America/Chicago (UTC-6 in November), loads are written at chosen instants.
 */

let app: TestApp;
let alice: string;
let bob: string;
/** A plain member of Alice's organization: no margin. */
let member: string;
let board: PostingHistory;
let other: PostingHistory;
const A = 'dispatcher-a';

const lane = {
  originState: 'IA',
  originCity: 'Des Moines',
  destinationState: 'IL',
  destinationCity: 'Chicago',
  trailerType: 'FLATBED',
};
const tons = (rateForTitan: number | null, rateForCarrier: number | null = null, carrierUnit = 'TONS') => ({
  rateForTitan,
  rateForTitanUnit: 'TONS',
  rateForCarrier,
  rateForCarrierUnit: carrierUnit,
});

beforeAll(async () => {
  app = await startTestApp();
  alice = await signUp(app, 'alice.lanes@example.com', 'Alice');
  bob = await signUp(app, 'bob.lanes@example.com', 'Bob');
  const mine = await createOrganization(app, alice, 'Alice Lane Freight');
  const theirs = await createOrganization(app, bob, 'Bob Lane Logistics');
  board = new PostingHistory(app, mine.id);
  member = (await join(app, alice, 'mia.lanes@example.com')).cookie;
  other = new PostingHistory(app, theirs.id);
  // ISO week 48 of 2026 runs from Monday 23 to Sunday 29 November. 03:00 UTC on Monday the 30th is
  // still Sunday evening in Chicago: week 48 and November there, week 49 and December's eve in UTC.
  await board.postLoad(81001, { ...lane, ...tons(40, 35) }, '2026-11-30T03:00:00.000Z', A);
  await board.postLoad(81002, { ...lane, ...tons(42.75, 38) }, '2026-11-24T15:00:00.000Z', A);
  await board.postLoad(81003, { ...lane, ...tons(45) }, '2026-11-25T15:00:00.000Z', A);
  // The carrier's rate in another unit: no margin.
  await board.postLoad(81004, { ...lane, ...tons(50, 1.5, 'BUSHELS') }, '2026-11-26T15:00:00.000Z', A);
  await board.postLoad(81005, { ...lane, ...tons(38, 40) }, '2026-11-27T15:00:00.000Z', A);
  // Ames lies some 30 miles north of Des Moines: around it.
  await board.postLoad(81006, { ...lane, originCity: 'Ames', ...tons(60) }, '2026-12-02T15:00:00.000Z', A);
  await board.postLoad(81007, { ...lane, ...tons(61) }, '2026-12-03T15:00:00.000Z', A);
  // A hopper lane of two loads.
  await board.postLoad(
    81008,
    { ...lane, trailerType: 'HIGH_SIDED_HOPPER', ...tons(30) },
    '2026-11-24T15:00:00.000Z',
    A,
  );
  await board.postLoad(
    81009,
    { ...lane, trailerType: 'HIGH_SIDED_HOPPER', ...tons(31) },
    '2026-11-25T15:00:00.000Z',
    A,
  );
  // Another organization's loads on the same lane, in the same weeks.
  await other.postLoad(91001, { ...lane, ...tons(1000, 1) }, '2026-11-25T15:00:00.000Z', 'dispatcher-b');
  await other.postLoad(91002, { ...lane, ...tons(1) }, '2026-12-02T15:00:00.000Z', 'dispatcher-b');
});
afterAll(() => app.stop());

async function history(params: Record<string, string>, cookie = alice) {
  const position = board.position > other.position ? board.position : other.position;
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/v1/lane-history?${new URLSearchParams({ ...lane, ...params })}`,
    headers: { cookie, 'x-min-position': position.toString() },
  });
  return { status: response.statusCode, body: response.json() };
}

// biome-ignore lint/suspicious/noExplicitAny: an answer as JSON.
const tonsOf = (body: any): any => body.series.find((series: { unit: string }) => series.unit === 'TONS');

describe('GET /api/v1/lane-history', () => {
  it('answers per week in the organization time zone: count, median, min, max of our rate, the carrier rate and the margin', async () => {
    const { status, body } = await history({ bucket: 'week', radius: '100' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      origin: { city: 'Des Moines', state: 'IA' },
      destination: { city: 'Chicago', state: 'IL' },
      bucket: 'week',
      timeZone: 'America/Chicago',
      minimumPostings: 5,
      enough: true,
    });
    const series = tonsOf(body);
    expect(series).toMatchObject({ count: 7, enough: true });
    expect(series?.points).toEqual([
      {
        period: '2026-W48',
        // 38, 40, 42.75, 45, 50
        count: 5,
        median: 42.75,
        min: 38,
        max: 50,
        // 35, 38, 40 (the bushel rate is not a ton rate)
        carrierCount: 3,
        carrierMedian: 38,
        carrierMin: 35,
        carrierMax: 40,
        // 5, 4.75, -2
        marginCount: 3,
        marginMedian: 4.75,
        marginMin: -2,
        marginMax: 5,
      },
      {
        period: '2026-W49',
        count: 2,
        median: 60.5,
        min: 60,
        max: 61,
        carrierCount: 0,
        carrierMedian: null,
        carrierMin: null,
        carrierMax: null,
        marginCount: 0,
        marginMedian: null,
        marginMin: null,
        marginMax: null,
      },
    ]);
    // The bushel carrier rate is a series of its own, with no rate of ours.
    expect(body.series.find((one: { unit: string }) => one.unit === 'BUSHELS')).toMatchObject({
      count: 0,
      carrierCount: 1,
      enough: false,
    });
  });

  it('counts months in the organization time zone', async () => {
    const { body } = await history({ bucket: 'month', unit: 'TONS' });
    expect(body.series).toHaveLength(1);
    expect(
      tonsOf(body)?.points.map((point: { period: string; count: number }) => [point.period, point.count]),
    ).toEqual([
      ['2026-11', 5],
      ['2026-12', 2],
    ]);
  });

  it('reads the radius around both cities', async () => {
    const { body } = await history({ bucket: 'week', radius: '10', unit: 'TONS' });
    // Ames is farther than 10 miles from Des Moines.
    expect(tonsOf(body)?.points.map((point: { count: number }) => point.count)).toEqual([5, 1]);
  });

  it('never counts another organization’s loads', async () => {
    const { body } = await history({ bucket: 'week', unit: 'TONS' }, bob);
    expect(
      tonsOf(body)?.points.map((point: { period: string; max: number }) => [point.period, point.max]),
    ).toEqual([
      ['2026-W48', 1000],
      ['2026-W49', 1],
    ]);
    const mine = await history({ bucket: 'week', unit: 'TONS' });
    expect(Math.max(...tonsOf(mine.body).points.map((point: { max: number }) => point.max))).toBe(61);
  });

  it('answers the margin only to those who may see it', async () => {
    const { status, body } = await history({ bucket: 'week', unit: 'TONS' }, member);
    expect(status).toBe(200);
    const series = tonsOf(body);
    expect(series.count).toBe(7);
    expect(series).not.toHaveProperty('marginCount');
    for (const point of series.points) {
      expect(point.median).not.toBeNull();
      for (const field of ['marginCount', 'marginMedian', 'marginMin', 'marginMax'])
        expect(point).not.toHaveProperty(field);
    }
    // The owner's answer, cached for the same query, still has it.
    expect(tonsOf((await history({ bucket: 'week', unit: 'TONS' })).body).points[0].marginMedian).toBe(4.75);
  });

  it('answers a lane of fewer than five postings with enough: false', async () => {
    const { status, body } = await history({ trailerType: 'HIGH_SIDED_HOPPER' });
    expect(status).toBe(200);
    expect(body.enough).toBe(false);
    expect(tonsOf(body)).toMatchObject({ count: 2, enough: false });
  });

  it('refuses a city the map does not know, and bad parameters, with the fields named', async () => {
    const unknown = await history({ originCity: 'Nowhere Special' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ originCity: ['City not found in IA'] });
    const bad = await history({ radius: '0', bucket: 'day', trailerType: 'BARGE' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['bucket', 'radius', 'trailerType']);
  });

  it('moves a load on an edit of its rate or lane, in the week it was posted; a removed load stays counted', async () => {
    // 42.75 → 55: week 48 is now 38, 40, 45, 50, 55.
    await board.updateLoad(81002, { rateForTitan: 55 }, '2026-12-10T15:00:00.000Z', A);
    // Ames → Chicago becomes Ames → Dallas: out of this lane.
    await board.updateLoad(
      81006,
      { destinationState: 'TX', destinationCity: 'Dallas' },
      '2026-12-10T16:00:00.000Z',
      A,
    );
    await board.removeLoad(81005, '2026-12-10T17:00:00.000Z', A);
    const { body } = await history({ bucket: 'week', unit: 'TONS' });
    const [w48, w49] = tonsOf(body)?.points ?? [];
    expect(w48).toMatchObject({ period: '2026-W48', count: 5, median: 45, min: 38, max: 55 });
    expect(w48).toMatchObject({ marginCount: 3, marginMedian: 5, marginMax: 17 });
    expect(w49).toMatchObject({ period: '2026-W49', count: 1, median: 61 });
    const dallas = await history({ destinationState: 'TX', destinationCity: 'Dallas', unit: 'TONS' });
    expect(tonsOf(dallas.body)?.points).toMatchObject([{ period: '2026-W49', count: 1, median: 60 }]);
  });
});
