import { DEFAULT_TIME_ZONE, dayRange } from '@dispatch/domain';
import { createOrganization, PostingHistory, signUp, startTestApp, type TestApp } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Every parameter of the trucks list (docs/rules.md#validation) against the rows it must return. The board is
 * written through the event store at chosen instants, then read through the query API; the same
 * suite runs on MongoDB when MONGO_URL is set (the app picks its store from the environment).
 */

let app: TestApp;
let alice: string;
let dave: string;
let board: PostingHistory;
const A = 'dispatcher-a';
const B = 'dispatcher-b';

// id → the truck's facts, as the expectations below read them.
//   t1 Big Blue     FLATBED           NORTH  available  U-100  avail 02-01  created 01-01  edited 01-20
//   t2 Red Rocket   HIGH_SIDED_HOPPER SOUTH  not        U-200  avail 02-03  created 01-02
//   t3 blue moon    LOW_SIDED_HOPPER  EAST   available  —      avail 01-25  created 01-03  edited 01-04
//   t4 Green Giant  FLATBED           —      available  X-100  avail 02-01  created 01-05
//   t5 Yellow Sub   FLATBED           WEST   not        U-101  avail 03-01  created 01-06  edited 01-25
//   t6 Removed      FLATBED           NORTH  available         removed: never listed
const T = { t1: 9001, t2: 9002, t3: 9003, t4: 9004, t5: 9005, t6: 9006 } as const;

beforeAll(async () => {
  app = await startTestApp();
  alice = await signUp(app, 'alice.list@example.com', 'Alice');
  const bob = await signUp(app, 'bob.list@example.com', 'Bob');
  dave = await signUp(app, 'dave.list@example.com', 'Dave');
  const org = await createOrganization(app, alice, 'Alice List Freight');
  const bobOrg = await createOrganization(app, bob, 'Bob List Logistics');
  board = new PostingHistory(app, org.id);
  const at = (day: string) => `2026-01-${day}T10:00:00.000Z`;
  await board.postTruck(
    T.t1,
    { truckName: 'Big Blue', direction: 'NORTH', unitNumber: 'U-100', availabilityDate: '2026-02-01' },
    at('01'),
    A,
  );
  await board.postTruck(
    T.t2,
    {
      truckName: 'Red Rocket',
      trailerType: 'HIGH_SIDED_HOPPER',
      direction: 'SOUTH',
      status: false,
      unitNumber: 'U-200',
      availabilityDate: '2026-02-03',
    },
    at('02'),
    B,
  );
  await board.postTruck(
    T.t3,
    {
      truckName: 'blue moon',
      trailerType: 'LOW_SIDED_HOPPER',
      direction: 'NORTH',
      availabilityDate: '2026-01-25',
    },
    at('03'),
    A,
  );
  await board.updateTruck(T.t3, { direction: 'EAST' }, at('04'), A);
  await board.postTruck(T.t4, { truckName: 'Green Giant', unitNumber: 'X-100' }, at('05'), A);
  await board.postTruck(
    T.t5,
    { truckName: 'Yellow Sub', direction: 'WEST', unitNumber: 'U-101', availabilityDate: '2026-03-01' },
    at('06'),
    B,
  );
  await board.postTruck(T.t6, { truckName: 'Removed', direction: 'NORTH' }, at('07'), A);
  await board.removeTruck(T.t6, at('08'), A);
  await board.updateTruck(T.t1, { notes: 'Checked in' }, at('20'), A);
  await board.updateTruck(T.t5, { status: false }, at('25'), B);
  // Another organization's truck matches most filters; it must never show.
  const other = new PostingHistory(app, bobOrg.id);
  await other.postTruck(9100, { truckName: 'Big Blue', direction: 'NORTH' }, at('01'), A);
  await setUpTodayBoard();
});
afterAll(() => app.stop());

async function list(query: string, cookie = alice) {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/v1/trucks?${query}`,
    headers: { cookie, 'x-min-position': board.position.toString() },
  });
  return { status: response.statusCode, body: response.json() };
}

/** The ids a query lists, in order, after checking the paging figures agree with them. */
async function ids(query: string): Promise<number[]> {
  const { status, body } = await list(query);
  expect(status).toBe(200);
  expect(body.count).toBe(body.data.length);
  expect(body.totalPages).toBe(Math.ceil(body.totalCount / body.limit));
  return body.data.map((truck: { id: number }) => truck.id);
}

/** The ids of a whole (unpaged) result and its totalCount, which must agree. */
async function all(query: string): Promise<number[]> {
  const { body } = await list(`limit=100&${query}`);
  expect(body.totalCount).toBe(body.data.length);
  return body.data.map((truck: { id: number }) => truck.id);
}

const { t1, t2, t3, t4, t5 } = T;

describe('trucks list: paging and order', () => {
  it('defaults to 10 per page, page 0, latest edit first', async () => {
    const { body } = await list('');
    expect(body).toMatchObject({ success: true, limit: 10, page: 0, count: 5, totalCount: 5, totalPages: 1 });
    expect(body.data.map((truck: { id: number }) => truck.id)).toEqual([t5, t1, t4, t3, t2]);
  });

  it('pages from 0 with limit', async () => {
    expect(await ids('limit=2&page=0&orderBy=createdAt&sort=asc')).toEqual([t1, t2]);
    expect(await ids('limit=2&page=1&orderBy=createdAt&sort=asc')).toEqual([t3, t4]);
    expect(await ids('limit=2&page=2&orderBy=createdAt&sort=asc')).toEqual([t5]);
    expect(await ids('limit=2&page=3&orderBy=createdAt&sort=asc')).toEqual([]);
    expect((await list('limit=2')).body).toMatchObject({ totalCount: 5, totalPages: 3, count: 2 });
  });

  it('orders by updatedAt, createdAt or availableDate, either way', async () => {
    expect(await ids('orderBy=updatedAt&sort=asc')).toEqual([t2, t3, t4, t1, t5]);
    expect(await ids('orderBy=createdAt')).toEqual([t5, t4, t3, t2, t1]);
    expect(await ids('orderBy=createdAt&sort=asc')).toEqual([t1, t2, t3, t4, t5]);
    // t1 and t4 are both available on 02-01: the tie keeps id order whichever way the list is sorted.
    expect(await ids('orderBy=availableDate&sort=asc')).toEqual([t3, t1, t4, t2, t5]);
    expect(await ids('orderBy=availableDate&sort=desc')).toEqual([t5, t2, t1, t4, t3]);
  });
});

describe('trucks list: dates', () => {
  const start = '2026-01-03T10:00:00.000Z';

  it('compares the creation date with each operation (createdAt is the default field)', async () => {
    expect(await all(`startDate=${start}&dateOperation=gte`)).toEqual([t5, t4, t3]);
    expect(await all(`startDate=${start}&dateOperation=gt&dateField=createdAt`)).toEqual([t5, t4]);
    expect(await all(`startDate=${start}&dateOperation=lt&dateField=createdAt`)).toEqual([t1, t2]);
    expect(await all(`startDate=${start}&dateOperation=lte&dateField=createdAt`)).toEqual([t1, t3, t2]);
    // eq: the 24 hours from startDate.
    expect(await all(`startDate=${start}&dateOperation=eq&dateField=createdAt`)).toEqual([t3]);
    expect(await all(`startDate=${start}`)).toEqual([t5, t4, t3]);
  });

  it('bounds the range with endDate (inclusive)', async () => {
    expect(
      await all(
        'dateField=createdAt&startDate=2026-01-02&endDate=2026-01-05T10:00:00.000Z&orderBy=createdAt&sort=asc',
      ),
    ).toEqual([t2, t3, t4]);
    expect(
      await all('dateField=createdAt&endDate=2026-01-02T10:00:00.000Z&orderBy=createdAt&sort=asc'),
    ).toEqual([t1, t2]);
  });

  it('filters on the last edit', async () => {
    expect(await all('dateField=updatedAt&startDate=2026-01-10&dateOperation=gte')).toEqual([t5, t1]);
    expect(await all('dateField=updatedAt&startDate=2026-01-04T10:00:00.000Z&dateOperation=eq')).toEqual([
      t3,
    ]);
    expect(
      await all('dateField=updatedAt&startDate=2026-01-05&dateOperation=lt&orderBy=createdAt&sort=asc'),
    ).toEqual([t2, t3]);
  });

  it('filters on the availability date', async () => {
    expect(
      await all('dateField=availableDate&startDate=2026-02-01&dateOperation=eq&orderBy=createdAt&sort=asc'),
    ).toEqual([t1, t4]);
    expect(
      await all('dateField=availableDate&startDate=2026-02-01&dateOperation=gt&orderBy=createdAt&sort=asc'),
    ).toEqual([t2, t5]);
    expect(
      await all(
        'dateField=availableDate&startDate=2026-02-01&dateOperation=lte&orderBy=availableDate&sort=asc',
      ),
    ).toEqual([t3, t1, t4]);
  });
});

describe('trucks list: fields', () => {
  it('filters by status true or false', async () => {
    expect(await all('status=true&orderBy=createdAt&sort=asc')).toEqual([t1, t3, t4]);
    expect(await all('status=false&orderBy=createdAt&sort=asc')).toEqual([t2, t5]);
  });

  it('filters by one trailer type or several', async () => {
    expect(await all('trailerType=FLATBED&orderBy=createdAt&sort=asc')).toEqual([t1, t4, t5]);
    expect(await all('trailerType=HIGH_SIDED_HOPPER,LOW_SIDED_HOPPER&orderBy=createdAt&sort=asc')).toEqual([
      t2,
      t3,
    ]);
    expect(
      await all('trailerType=HIGH_SIDED_HOPPER&trailerType=LOW_SIDED_HOPPER&orderBy=createdAt&sort=asc'),
    ).toEqual([t2, t3]);
  });

  it('filters by one direction or several (a truck without one matches none)', async () => {
    expect(await all('direction=NORTH')).toEqual([t1]);
    expect(await all('direction=SOUTH&direction=EAST&orderBy=createdAt&sort=asc')).toEqual([t2, t3]);
    expect(await all('direction=WEST,EAST,NORTH&orderBy=createdAt&sort=asc')).toEqual([t1, t3, t5]);
  });

  it('matches part of the unit number, in any case', async () => {
    expect(await all('unitNumber=u-10&orderBy=createdAt&sort=asc')).toEqual([t1, t5]);
    expect(await all('unitNumber=100&orderBy=createdAt&sort=asc')).toEqual([t1, t4]);
  });

  it('searches the truck name, in any case', async () => {
    expect(await all('search=BLUE&orderBy=createdAt&sort=asc')).toEqual([t1, t3]);
    expect(await all('search=giant')).toEqual([t4]);
    expect(await all('search=nothing like it')).toEqual([]);
  });

  it('filters by creator', async () => {
    expect(await all(`createdBy=${B}&orderBy=createdAt&sort=asc`)).toEqual([t2, t5]);
    expect(await all(`createdBy=${A}&orderBy=createdAt&sort=asc`)).toEqual([t1, t3, t4]);
    expect(await all('createdBy=nobody')).toEqual([]);
  });

  it('combines filters, counting the combination', async () => {
    expect(await all('status=true&trailerType=FLATBED&orderBy=availableDate&sort=asc')).toEqual([t1, t4]);
    expect(await all(`createdBy=${B}&status=false&trailerType=FLATBED`)).toEqual([t5]);
    expect(await all(`createdBy=${A}&direction=NORTH,EAST&orderBy=createdAt&sort=asc`)).toEqual([t1, t3]);
    expect(await all('status=true&search=blue&dateField=createdAt&startDate=2026-01-02')).toEqual([t3]);
    const paged = await list('status=true&limit=1&page=1&orderBy=createdAt&sort=asc');
    expect(paged.body).toMatchObject({ totalCount: 3, totalPages: 3, count: 1 });
    expect(paged.body.data[0].id).toBe(t3);
  });
});

describe('trucks list: parameters it refuses', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=many', 'limit'],
    ['limit=101', 'limit'],
    ['page=-1', 'page'],
    ['orderBy=notes', 'orderBy'],
    ['sort=up', 'sort'],
    ['startDate=soon', 'startDate'],
    ['endDate=2026-13-45', 'endDate'],
    ['dateOperation=between', 'dateOperation'],
    ['dateField=truckName', 'dateField'],
    ['status=yes', 'status'],
    ['trailerType=TANKER', 'trailerType'],
    ['direction=UP', 'direction'],
    ['product=HEAVY', '_'],
  ])('%s → 400 naming %s', async (query, field) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    // A list parameter names the offending item too (trailerType.0).
    expect(Object.keys(body.errors).map((key) => key.split('.')[0])).toEqual([field]);
  });
});

// Dave's organization counts days in its time zone (America/Chicago), where a day starts at 05:00
// or 06:00 UTC: an instant just before local midnight is "yesterday" even when its UTC date is today's.
const zone = DEFAULT_TIME_ZONE;
let today = dayRange(zone, new Date());
let yesterday = dayRange(zone, new Date(), -1);
const minute = 60_000;
const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

async function setUpTodayBoard() {
  const now = new Date();
  today = dayRange(zone, now);
  yesterday = dayRange(zone, now, -1);
  const org = await createOrganization(app, dave, 'Dave Today Freight');
  const days = new PostingHistory(app, org.id);
  // Created: two today, one yesterday just before local midnight, one the day before.
  await days.postTruck(8001, { availabilityDate: today.date }, shift(today.start, minute), A);
  await days.postTruck(
    8002,
    { availabilityDate: today.date, status: false },
    shift(today.start, 2 * minute),
    A,
  );
  await days.postTruck(8003, { availabilityDate: yesterday.date }, shift(today.start, -minute), A);
  await days.postTruck(8004, { availabilityDate: yesterday.date }, shift(yesterday.start, -minute), A);
  await days.postTruck(8005, { availabilityDate: today.date }, shift(yesterday.start, -2 * minute), A);
  // Made unavailable, then removed: neither counts any more.
  await days.updateTruck(8004, { status: false }, shift(today.start, 3 * minute), A);
  await days.removeTruck(8005, shift(today.start, 4 * minute), A);
  board.position = days.position;
}

describe("trucks list: today's and yesterday's totals", () => {
  it('counts created and available trucks per calendar day of the organization', async () => {
    const { body } = await list('status=false', dave);
    expect(body).toMatchObject({
      totalCount: 2,
      totalTrucksCreatedToday: 2,
      totalTrucksCreatedYesterday: 1,
      // Available today: truck 1 (truck 2 is not available, truck 5 is removed).
      totalAvailableToday: 1,
      // Available yesterday: truck 3 (truck 4 was made unavailable).
      totalAvailableYesterday: 1,
    });
  });

  it("counts another organization's board on its own", async () => {
    const { body } = await list('');
    expect(body).toMatchObject({
      totalTrucksCreatedToday: 0,
      totalTrucksCreatedYesterday: 0,
      totalAvailableToday: 0,
      totalAvailableYesterday: 0,
    });
  });

  it('answers the spec\'s "created today" list call', async () => {
    const { body } = await list(
      `dateField=createdAt&dateOperation=gte&startDate=${today.start}&endDate=${shift(today.end, -1)}&page=0&limit=10&orderBy=updatedAt&sort=desc`,
      dave,
    );
    expect(body.data.map((truck: { id: number }) => truck.id)).toEqual([8002, 8001]);
  });
});
