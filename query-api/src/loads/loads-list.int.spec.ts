import { DEFAULT_TIME_ZONE, dayRange, type Load } from '@dispatch/domain';
import {
  createOrganization,
  requestsWith,
  signUp,
  startTestApp,
  type TestApp,
  validLoad,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let alice: string;

beforeAll(async () => {
  app = await startTestApp();
  alice = await signUp(app, 'alice@example.com', 'Alice');
  await createOrganization(app, alice, 'Alice Freight');
});
afterAll(() => app.stop());

const inject = requestsWith(() => app);

async function post(cookie: string, body: unknown = validLoad) {
  const response = await inject(cookie, 'POST', '/api/v1/loads', body);
  return {
    response,
    load: response.json() as Load,
    position: response.headers['x-event-position'] as string,
  };
}

const ids = (loads: { id: number }[]) => loads.map((load) => load.id);

describe('loads through the command and query APIs', () => {
  it('reads its own write: a list given the post position contains the load', async () => {
    const { load, position } = await post(alice, { ...validLoad, customerName: 'Read Your Writes' });
    const list = await inject(alice, 'GET', '/api/v1/loads?limit=100', undefined, {
      'x-min-position': position,
    });
    expect(list.statusCode).toBe(200);
    expect(BigInt(list.headers['x-projection-position'] as string)).toBeGreaterThanOrEqual(BigInt(position));
    expect(ids(list.json().data)).toContain(load.id);
    const one = await inject(alice, 'GET', `/api/v1/loads/${load.id}`);
    // The list also answers what the projector works out (trip miles, rates per mile, margin).
    expect(one.json()).toMatchObject(load);
  });
});

/**
 * Every list parameter against the rows it must return, in an organization of its own whose
 * loads are all known.
 */
describe('the loads list', () => {
  let dave: string;
  let board: Load[];
  let lastPosition: string;
  const today = dayRange(DEFAULT_TIME_ZONE, new Date()).date;
  const yesterday = dayRange(DEFAULT_TIME_ZONE, new Date(), -1).date;

  const rows = [
    {
      trailerType: 'FLATBED',
      product: 'HEAVY',
      customerName: 'Prairie Grain Co.',
      originCity: 'Des Moines',
      originState: 'IA',
      destinationCity: 'Chicago',
      destinationState: 'IL',
      availabilityDate: '2026-11-20',
    },
    {
      trailerType: 'HIGH_SIDED_HOPPER',
      product: 'LIGHT',
      customerName: 'Lone Star Feed',
      originCity: 'Dallas',
      originState: 'TX',
      destinationCity: 'Omaha',
      destinationState: 'NE',
      availabilityDate: '2026-11-21',
    },
    {
      trailerType: 'LOW_SIDED_HOPPER',
      product: 'HEAVY',
      customerName: null,
      originCity: 'Omaha',
      originState: 'NE',
      destinationCity: 'Kansas City',
      destinationState: 'MO',
      availabilityDate: '2026-11-21',
    },
    {
      trailerType: 'FLATBED',
      product: 'LIGHT',
      customerName: 'Heartland Mills',
      originCity: 'Wichita',
      originState: 'KS',
      destinationCity: 'Dallas',
      destinationState: 'TX',
      availabilityDate: '2026-11-22',
    },
    {
      trailerType: 'HIGH_SIDED_HOPPER',
      product: 'HEAVY',
      customerName: 'Great Plains Co-op',
      originCity: 'Lincoln',
      originState: 'NE',
      destinationCity: 'Des Moines',
      destinationState: 'IA',
      availabilityDate: today,
    },
    {
      trailerType: 'LOW_SIDED_HOPPER',
      product: 'LIGHT',
      customerName: 'Sioux Falls Grain',
      originCity: 'Sioux Falls',
      originState: 'SD',
      destinationCity: 'Fargo',
      destinationState: 'ND',
      availabilityDate: yesterday,
    },
  ];

  beforeAll(async () => {
    dave = await signUp(app, 'dave@example.com', 'Dave');
    await createOrganization(app, dave, 'Dave Grain Haulers');
    board = [];
    for (const row of rows) {
      const { load, position } = await post(dave, { ...validLoad, ...row });
      board.push(load);
      lastPosition = position;
    }
  });

  async function list(query: string) {
    const response = await inject(dave, 'GET', `/api/v1/loads?${query}`, undefined, {
      'x-min-position': lastPosition,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      success: boolean;
      count: number;
      totalCount: number;
      totalCreatedToday: number;
      totalCreatedYesterday: number;
      totalAvailableToday: number;
      totalAvailableYesterday: number;
      limit: number;
      totalPages: number;
      page: number;
      data: Load[];
    };
  }
  const listIds = async (query: string) => ids((await list(query)).data);
  const boardIds = (keep: (load: Load) => boolean) => ids(board.filter(keep));
  /** Sorted the way the store breaks ties: by id ascending. */
  const byIdAsc = (values: number[]) => [...values].sort((a, b) => a - b);

  it('answers in the shape of the spec with its defaults: 10 a page, page 0, newest update first', async () => {
    const page = await list('');
    expect(Object.keys(page).sort()).toEqual(
      [
        'success',
        'count',
        'totalCount',
        'totalCountExact',
        'totalCreatedToday',
        'totalCreatedYesterday',
        'totalAvailableToday',
        'totalAvailableYesterday',
        'limit',
        'totalPages',
        'page',
        'data',
      ].sort(),
    );
    expect(page).toMatchObject({
      success: true,
      count: 6,
      totalCount: 6,
      totalCountExact: true,
      limit: 10,
      totalPages: 1,
      page: 0,
    });
    const expected = [...board].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id - b.id);
    expect(ids(page.data)).toEqual(ids(expected));
  });

  it("counts today's and yesterday's loads in the organization's time zone", async () => {
    const page = await list('trailerType=FLATBED');
    expect(page.totalCount).toBe(2);
    // The day totals are the organization's, whatever the filter.
    const availableOn = (date: string) => rows.filter((row) => row.availabilityDate === date).length;
    expect(page).toMatchObject({
      totalCreatedToday: 6,
      totalCreatedYesterday: 0,
      totalAvailableToday: availableOn(today),
      totalAvailableYesterday: availableOn(yesterday),
    });
    expect(page.totalAvailableToday).toBeGreaterThan(0);
  });

  it('pages with limit and page, counting pages from 0', async () => {
    const second = await list('limit=2&page=1&orderBy=createdAt&sort=asc');
    expect(second).toMatchObject({ count: 2, totalCount: 6, totalPages: 3, limit: 2, page: 1 });
    const ordered = [...board].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
    expect(ids(second.data)).toEqual(ids(ordered).slice(2, 4));
    expect((await list('limit=4&page=1')).count).toBe(2);
    expect((await list('limit=4&page=5')).data).toEqual([]);
  });

  it('orders by availability date both ways', async () => {
    const ascending = [...board].sort(
      (a, b) => a.availabilityDate.localeCompare(b.availabilityDate) || a.id - b.id,
    );
    expect(await listIds('orderBy=availableDate&sort=asc')).toEqual(ids(ascending));
    const descending = [...board].sort(
      (a, b) => b.availabilityDate.localeCompare(a.availabilityDate) || a.id - b.id,
    );
    expect(await listIds('orderBy=availableDate&sort=desc')).toEqual(ids(descending));
  });

  it('orders by creation and by last update', async () => {
    const created = [...board].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id - b.id);
    expect(await listIds('orderBy=createdAt&sort=desc')).toEqual(ids(created));
    // Editing the first load moves it to the top of the default order.
    const first = board[0] as Load;
    const edited = await inject(dave, 'PATCH', `/api/v1/loads/${first.id}`, { notes: 'Call ahead' });
    lastPosition = edited.headers['x-event-position'] as string;
    board[0] = edited.json();
    expect((await listIds('orderBy=updatedAt&sort=desc'))[0]).toBe(first.id);
    expect((await listIds('orderBy=updatedAt&sort=asc')).at(-1)).toBe(first.id);
  });

  it('filters by trailer type, one or many', async () => {
    expect(await listIds('trailerType=FLATBED&sort=asc&orderBy=createdAt')).toEqual(
      boardIds((load) => load.trailerType === 'FLATBED'),
    );
    const many = boardIds((load) => load.trailerType !== 'FLATBED');
    expect(byIdAsc(await listIds('trailerType=HIGH_SIDED_HOPPER&trailerType=LOW_SIDED_HOPPER'))).toEqual(
      many,
    );
    expect(byIdAsc(await listIds('trailerType=HIGH_SIDED_HOPPER,LOW_SIDED_HOPPER'))).toEqual(many);
  });

  it('filters by product, one or many, together with the other filters', async () => {
    expect(byIdAsc(await listIds('product=LIGHT'))).toEqual(boardIds((load) => load.product === 'LIGHT'));
    expect((await list('product=HEAVY,LIGHT')).totalCount).toBe(6);
    expect(byIdAsc(await listIds('product=HEAVY&trailerType=FLATBED'))).toEqual(
      boardIds((load) => load.product === 'HEAVY' && load.trailerType === 'FLATBED'),
    );
  });

  it('filters by who posted', async () => {
    const daveId = (board[0] as Load).createdBy;
    expect((await list(`createdBy=${daveId}`)).totalCount).toBe(6);
    const aliceLoad = (await post(alice)).load;
    expect((await list(`createdBy=${aliceLoad.createdBy}`)).totalCount).toBe(0);
  });

  it('searches customer names and cities, ignoring case', async () => {
    expect(await listIds('search=lone%20star')).toEqual([board[1]?.id]);
    // "Omaha" is the destination of one load and the origin of another.
    expect(byIdAsc(await listIds('search=OMAHA'))).toEqual([board[1]?.id, board[2]?.id]);
    expect(byIdAsc(await listIds('search=des%20moines'))).toEqual([board[0]?.id, board[4]?.id]);
    expect(await listIds('search=grain&product=LIGHT')).toEqual([board[5]?.id]);
    expect(await listIds('search=nowhere')).toEqual([]);
  });

  it('filters the availability date with every operation and an end date', async () => {
    const day = (value: string) => `${value}T00:00:00.000Z`;
    const q = (operation: string, date = '2026-11-21') =>
      listIds(`dateField=availableDate&dateOperation=${operation}&startDate=${date}&limit=100`);
    const on = (keep: (date: string) => boolean) => byIdAsc(boardIds((load) => keep(load.availabilityDate)));
    expect(byIdAsc(await q('eq'))).toEqual(on((date) => date === day('2026-11-21')));
    expect(byIdAsc(await q('gt'))).toEqual(on((date) => date > day('2026-11-21')));
    expect(byIdAsc(await q('gte'))).toEqual(on((date) => date >= day('2026-11-21')));
    expect(byIdAsc(await q('lt'))).toEqual(on((date) => date < day('2026-11-21')));
    expect(byIdAsc(await q('lte'))).toEqual(on((date) => date <= day('2026-11-21')));
    const between = await listIds(
      'dateField=availableDate&startDate=2026-11-20T00:00:00.000Z&endDate=2026-11-21T23:59:59.999Z',
    );
    expect(byIdAsc(between)).toEqual(
      on((date) => date >= day('2026-11-20') && date <= '2026-11-21T23:59:59.999Z'),
    );
  });

  it('filters the creation and update instants, creation being the default date field', async () => {
    const pivot = board[3] as Load;
    expect(byIdAsc(await listIds(`startDate=${pivot.createdAt}`))).toEqual(
      boardIds((load) => load.createdAt >= pivot.createdAt),
    );
    expect(
      byIdAsc(await listIds(`dateField=createdAt&dateOperation=lt&startDate=${pivot.createdAt}`)),
    ).toEqual(boardIds((load) => load.createdAt < pivot.createdAt));
    expect(byIdAsc(await listIds(`dateField=createdAt&endDate=${pivot.createdAt}`))).toEqual(
      boardIds((load) => load.createdAt <= pivot.createdAt),
    );
    // Only the first load was edited after every load was posted.
    const edited = board[0] as Load;
    expect(await listIds(`dateField=updatedAt&dateOperation=gte&startDate=${edited.updatedAt}`)).toEqual(
      boardIds((load) => load.updatedAt >= edited.updatedAt),
    );
    expect(await listIds(`dateField=updatedAt&dateOperation=gt&startDate=${edited.updatedAt}`)).toEqual([]);
  });

  it('accepts the shared status parameter without filtering: a load has no status', async () => {
    expect((await list('status=false')).totalCount).toBe(6);
  });

  it('refuses invalid list parameters with the field', async () => {
    const response = await inject(
      dave,
      'GET',
      '/api/v1/loads?orderBy=notes&limit=0&product=MEDIUM&dateOperation=near&startDate=soon',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    // A bad value in a list is reported at its index ("product.0").
    const fields = Object.keys(response.json().errors).map((key) => key.split('.')[0]);
    expect(fields.sort()).toEqual(['dateOperation', 'limit', 'orderBy', 'product', 'startDate'].sort());
    // The trucks list's parameters are the loads list's too (docs/rules.md#validation), with the same values.
    const direction = await inject(dave, 'GET', '/api/v1/loads?direction=UP&unitNumber=U-7');
    expect(direction.statusCode).toBe(400);
    expect(Object.keys(direction.json().errors)).toEqual(['direction.0']);
    expect((await inject(dave, 'GET', '/api/v1/loads?truckName=Big%20Blue')).statusCode).toBe(400);
  });

  // The compass point from origin to destination (rhumb line) of each row above: Des Moines → Chicago
  // east, Dallas → Omaha north, Omaha → Kansas City south east, Wichita → Dallas south, Lincoln →
  // Des Moines east, Sioux Falls → Fargo north.
  const directions = ['EAST', 'NORTH', 'SOUTH_EAST', 'SOUTH', 'EAST', 'NORTH'];
  const heading = (...wanted: string[]) =>
    board.filter((_load, index) => wanted.includes(directions[index] as string)).map((load) => load.id);

  it('filters by the direction from origin to destination, one or many, counting the match', async () => {
    expect(byIdAsc(await listIds('direction=EAST'))).toEqual(heading('EAST'));
    const many = await list('direction=NORTH&direction=SOUTH&sort=asc&orderBy=createdAt');
    expect(ids(many.data)).toEqual(heading('NORTH', 'SOUTH'));
    expect(many.totalCount).toBe(3);
    expect(byIdAsc(await listIds('direction=SOUTH_EAST,WEST'))).toEqual(heading('SOUTH_EAST'));
    expect(await list('direction=WEST')).toMatchObject({ totalCount: 0, totalPages: 0, data: [] });
    // With the other filters: counted from the board's counters, or from the rows with a search.
    expect(byIdAsc(await listIds('direction=NORTH&product=LIGHT&trailerType=LOW_SIDED_HOPPER'))).toEqual([
      board[5]?.id,
    ]);
    const searched = await list('direction=EAST&search=des%20moines');
    expect([byIdAsc(ids(searched.data)), searched.totalCount]).toEqual([[board[0]?.id, board[4]?.id], 2]);
  });

  it('follows an edit of the route, and leaves a load between cities of unknown place out of every direction', async () => {
    const turned = await inject(dave, 'PATCH', `/api/v1/loads/${board[3]?.id}`, {
      originState: 'TX',
      originCity: 'Dallas',
      destinationState: 'KS',
      destinationCity: 'Wichita',
    });
    expect(turned.statusCode, turned.body).toBe(200);
    lastPosition = turned.headers['x-event-position'] as string;
    expect(await listIds('direction=SOUTH')).toEqual([]);
    expect((await list('direction=NORTH')).totalCount).toBe(3);
    // The answer is a load as posted: the direction is the list's to filter by, not a field of the load.
    expect(Object.keys((await list('direction=NORTH&limit=1')).data[0] ?? {})).not.toContain('direction');

    const unknown = await post(dave, { ...validLoad, originCity: 'No Such Town', destinationCity: 'Peoria' });
    lastPosition = unknown.position;
    expect((await list('')).totalCount).toBe(7);
    expect(
      (await list('direction=NORTH,NORTH_EAST,EAST,SOUTH_EAST,SOUTH,SOUTH_WEST,WEST,NORTH_WEST')).totalCount,
    ).toBe(6);
  });

  it('accepts the unit number parameter without filtering: a load has no truck yet', async () => {
    expect((await list('unitNumber=U-7')).totalCount).toBe((await list('')).totalCount);
  });
});
