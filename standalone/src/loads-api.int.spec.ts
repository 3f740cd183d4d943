import { DEFAULT_TIME_ZONE, dayRange, type Load } from '@dispatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, requestsWith, signUp, startTestApp, type TestApp } from './test-support.ts';

let app: TestApp;
let alice: string;
let bob: string;

const validLoad = {
  trailerType: 'HIGH_SIDED_HOPPER',
  originState: 'IA',
  originCity: 'Des Moines',
  destinationState: 'IL',
  destinationCity: 'Chicago',
  product: 'HEAVY',
  rateForTitan: 3.25,
  rateForTitanUnit: 'TONS',
  rateForCarrier: 2.9,
  rateForCarrierUnit: 'TONS',
  customerName: 'Prairie Grain Co.',
  customerCountryCode: '+1',
  customerMobileNumber: '+15155550123',
  customerEmail: 'orders@prairiegrain.example',
  dispatcherName: 'Dana Dispatcher',
  dispatcherCountryCode: '+1',
  dispatcherMobileNumber: '3125550100',
  dispatcherEmail: 'dana@example.com',
  availabilityDate: '2026-11-21',
  notes: '',
};

beforeAll(async () => {
  app = await startTestApp();
  alice = await signUp(app, 'alice@example.com', 'Alice');
  bob = await signUp(app, 'bob@example.com', 'Bob');
  await createOrganization(app, alice, 'Alice Freight');
  await createOrganization(app, bob, 'Bob Logistics');
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
  it('posts a load: 201 with a numeric id, version 0, empty text as null, and the position of its event', async () => {
    const { response, load, position } = await post(alice);
    expect(response.statusCode).toBe(201);
    expect(load).toMatchObject({
      ...validLoad,
      customerMobileNumber: '5155550123',
      notes: null,
      availabilityDate: '2026-11-21T00:00:00.000Z',
      version: 0,
    });
    expect(typeof load.id).toBe('number');
    expect(load.createdBy).toBe(load.updatedBy);
    expect(BigInt(position)).toBeGreaterThan(0n);
  });

  it('stores rates left empty as null, and optional customer details as null', async () => {
    const { response, load } = await post(alice, {
      ...validLoad,
      rateForTitan: null,
      rateForCarrier: '',
      customerName: '',
      customerMobileNumber: '',
      customerEmail: '',
    });
    expect(response.statusCode).toBe(201);
    expect(load).toMatchObject({
      rateForTitan: null,
      rateForCarrier: null,
      customerName: null,
      customerMobileNumber: null,
      customerEmail: null,
    });
  });

  it('allocates distinct ids to concurrent posts', async () => {
    const posts = await Promise.all(Array.from({ length: 8 }, () => post(alice)));
    expect(new Set(posts.map(({ load }) => load.id)).size).toBe(8);
  });

  it('refuses bad input with the spec messages and writes nothing', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    const { response } = await post(alice, {
      ...validLoad,
      rateForTitan: -5,
      rateForCarrier: 'cheap',
      rateForCarrierUnit: '',
      customerName: 'x'.repeat(51),
      customerEmail: `${'x'.repeat(40)}@example.com`,
      customerMobileNumber: '555-0100',
      dispatcherMobileNumber: '',
      notes: 'x'.repeat(501),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
      errors: {
        rateForTitan: ['Should be a positive number'],
        rateForCarrier: ['Should be a positive number'],
        customerName: ['Customer name cannot be more than 50 characters'],
        customerEmail: ['Customer email cannot be more than 50 characters'],
        customerMobileNumber: ['Invalid US phone number. Must be 10 digits (with optional +1 prefix)'],
        dispatcherMobileNumber: ['Phone number is required'],
        notes: ['Notes cannot be more than 500 characters'],
      },
    });
    expect(body.errors.rateForCarrierUnit).toHaveLength(1);

    const { response: missing } = await post(alice, {});
    expect(Object.keys(missing.json().errors)).toEqual(
      expect.arrayContaining([
        'trailerType',
        'originState',
        'originCity',
        'destinationState',
        'destinationCity',
        'product',
        'rateForTitanUnit',
        'rateForCarrierUnit',
        'dispatcherName',
        'dispatcherEmail',
        'dispatcherMobileNumber',
        'availabilityDate',
      ]),
    );
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
  });

  it('reads its own write: a list given the post position contains the load', async () => {
    const { load, position } = await post(alice, { ...validLoad, customerName: 'Read Your Writes' });
    const list = await inject(alice, 'GET', '/api/v1/loads?limit=100', undefined, {
      'x-min-position': position,
    });
    expect(list.statusCode).toBe(200);
    expect(BigInt(list.headers['x-projection-position'] as string)).toBeGreaterThanOrEqual(BigInt(position));
    expect(ids(list.json().data)).toContain(load.id);
    const one = await inject(alice, 'GET', `/api/v1/loads/${load.id}`);
    expect(one.json()).toEqual(load);
  });

  it('edits with the version it read, and refuses a stale version with 409 changing nothing', async () => {
    const { load } = await post(alice);
    const edited = await inject(alice, 'PATCH', `/api/v1/loads/${load.id}`, {
      rateForTitan: 4,
      product: 'LIGHT',
      version: 0,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: load.id, rateForTitan: 4, product: 'LIGHT', version: 1 });

    const stale = await inject(alice, 'PATCH', `/api/v1/loads/${load.id}`, { rateForTitan: 9, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    const refused = await inject(alice, 'PATCH', `/api/v1/loads/${load.id}`, { rateForCarrier: -1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ rateForCarrier: ['Should be a positive number'] });

    const current = await inject(alice, 'GET', `/api/v1/loads/${load.id}`, undefined, {
      'x-min-position': edited.headers['x-event-position'],
    });
    expect(current.json()).toMatchObject({
      rateForTitan: 4,
      rateForCarrier: 2.9,
      product: 'LIGHT',
      version: 1,
    });
  });

  it('deletes with 204, refusing a stale version, after which the load is gone from both sides', async () => {
    const { load } = await post(alice);
    await inject(alice, 'PATCH', `/api/v1/loads/${load.id}`, { notes: 'Tarped', version: 0 });
    expect((await inject(alice, 'DELETE', `/api/v1/loads/${load.id}?version=0`)).statusCode).toBe(409);
    const removed = await inject(alice, 'DELETE', `/api/v1/loads/${load.id}?version=1`);
    expect(removed.statusCode).toBe(204);
    const position = removed.headers['x-event-position'] as string;
    expect(
      (await inject(alice, 'GET', `/api/v1/loads/${load.id}`, undefined, { 'x-min-position': position }))
        .statusCode,
    ).toBe(404);
    const list = await inject(alice, 'GET', '/api/v1/loads?limit=100', undefined, {
      'x-min-position': position,
    });
    expect(ids(list.json().data)).not.toContain(load.id);
    expect((await inject(alice, 'PATCH', `/api/v1/loads/${load.id}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await inject(alice, 'DELETE', `/api/v1/loads/${load.id}`)).statusCode).toBe(404);
  });

  it("never shows or changes another organization's load", async () => {
    const { load, position } = await post(alice, { ...validLoad, customerName: 'Alice only' });
    const headers = { 'x-min-position': position };
    expect((await inject(bob, 'GET', `/api/v1/loads/${load.id}`, undefined, headers)).statusCode).toBe(404);
    expect((await inject(bob, 'PATCH', `/api/v1/loads/${load.id}`, { product: 'LIGHT' })).statusCode).toBe(
      404,
    );
    expect((await inject(bob, 'DELETE', `/api/v1/loads/${load.id}`)).statusCode).toBe(404);
    const bobs = await inject(bob, 'GET', '/api/v1/loads?limit=100&search=alice', undefined, headers);
    expect(bobs.json()).toMatchObject({ totalCount: 0, data: [] });
    const still = await inject(alice, 'GET', `/api/v1/loads/${load.id}`);
    expect(still.json()).toMatchObject({ customerName: 'Alice only', product: 'HEAVY', version: 0 });
  });

  it('requires a session and an active organization', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/loads'],
      ['GET', '/api/v1/loads/1'],
      ['POST', '/api/v1/loads'],
      ['PATCH', '/api/v1/loads/1'],
      ['DELETE', '/api/v1/loads/1'],
    ] as const) {
      const response = await app.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : validLoad,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const carol = await signUp(app, 'carol@example.com', 'Carol');
    expect((await inject(carol, 'GET', '/api/v1/loads')).statusCode).toBe(403);
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
    expect(page).toMatchObject({ success: true, count: 6, totalCount: 6, limit: 10, totalPages: 1, page: 0 });
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
      '/api/v1/loads?orderBy=customerName&limit=0&product=MEDIUM&dateOperation=near&startDate=soon',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    // A bad value in a list is reported at its index ("product.0").
    const fields = Object.keys(response.json().errors).map((key) => key.split('.')[0]);
    expect(fields.sort()).toEqual(['dateOperation', 'limit', 'orderBy', 'product', 'startDate'].sort());
    // Trucks' own parameters are not the loads list's.
    expect((await inject(dave, 'GET', '/api/v1/loads?direction=NORTH')).statusCode).toBe(400);
  });
});
