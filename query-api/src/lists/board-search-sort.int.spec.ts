import { truckOrderBys } from '@dispatch/domain';
import { createOrganization, PostingHistory, signUp, startTestApp, type TestApp } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The trucks and loads boards searched and sorted as a dispatcher reads them: the search box finds a
 * posting by any name it goes by, every column with an order sorts both ways, live and as of a
 * moment, and a page past the end answers what it is.
 */

let app: TestApp;
let alice: string;
const A = 'dispatcher-a';
const at = (day: string) => `2026-05-${day}T10:00:00.000Z`;

// id   name        unit   company             place          trailer            status  direction  dispatcher
// 8101 Big Blue    U-148  Acme Hauling        Pittsburgh, PA  FLATBED            yes     NORTH      Zoe
// 8102 Red Rocket  X-7    —                   Chicago, IL     HIGH_SIDED_HOPPER  no      SOUTH      Amy
// 8103 Yellow Sub  —      Pittsburgh Freight  Erie, PA        LOW_SIDED_HOPPER   yes     —          Mo
const T = { blue: 8101, red: 8102, yellow: 8103 } as const;
// id   customer     product  route                             our rate
// 8201 Acme Grain   HEAVY    Des Moines, IA → Chicago, IL       3
// 8202 Baker Mills  LIGHT    Pittsburgh, PA → Erie, PA          5
// 8203 —            HEAVY    Omaha, NE → Kansas City, MO        —
const L = { acme: 8201, baker: 8202, none: 8203 } as const;

beforeAll(async () => {
  app = await startTestApp();
  alice = await signUp(app, 'alice.sort@example.com', 'Alice');
  const bob = await signUp(app, 'bob.sort@example.com', 'Bob');
  const org = await createOrganization(app, alice, 'Alice Sort Freight');
  const bobOrg = await createOrganization(app, bob, 'Bob Sort Freight');
  const board = new PostingHistory(app, org.id);
  await board.postTruck(
    T.blue,
    {
      truckName: 'Big Blue',
      unitNumber: 'U-148',
      companyName: 'Acme Hauling',
      truckCity: 'Pittsburgh',
      truckState: 'PA',
      status: true,
      direction: 'NORTH',
      dispatcherName: 'Zoe',
    },
    at('01'),
    A,
  );
  await board.postTruck(
    T.red,
    {
      truckName: 'Red Rocket',
      unitNumber: 'X-7',
      trailerType: 'HIGH_SIDED_HOPPER',
      status: false,
      direction: 'SOUTH',
      dispatcherName: 'Amy',
    },
    at('02'),
    A,
  );
  await board.postTruck(
    T.yellow,
    {
      truckName: 'Yellow Sub',
      companyName: 'Pittsburgh Freight',
      truckCity: 'Erie',
      truckState: 'PA',
      trailerType: 'LOW_SIDED_HOPPER',
      status: true,
      dispatcherName: 'Mo',
    },
    at('03'),
    A,
  );
  await board.postLoad(L.acme, { customerName: 'Acme Grain', rateForTitan: 3 }, at('01'), A);
  await board.postLoad(
    L.baker,
    {
      customerName: 'Baker Mills',
      product: 'LIGHT',
      originCity: 'Pittsburgh',
      originState: 'PA',
      destinationCity: 'Erie',
      destinationState: 'PA',
      rateForTitan: 5,
    },
    at('02'),
    A,
  );
  await board.postLoad(
    L.none,
    { originCity: 'Omaha', originState: 'NE', destinationCity: 'Kansas City', destinationState: 'MO' },
    at('03'),
    A,
  );
  // Another organization's truck and load match every search below: never in Alice's answers.
  const other = new PostingHistory(app, bobOrg.id);
  await other.postTruck(
    8199,
    { truckName: 'Big Blue', unitNumber: 'U-148', truckCity: 'Pittsburgh', truckState: 'PA' },
    at('01'),
    A,
  );
  await other.postLoad(8299, { customerName: 'Baker Mills', product: 'LIGHT' }, at('01'), A);
  await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
});
afterAll(() => app.stop());

async function get(kind: 'trucks' | 'loads', query: string) {
  return app.app.inject({ method: 'GET', url: `/api/v1/${kind}?${query}`, headers: { cookie: alice } });
}
async function ids(kind: 'trucks' | 'loads', query: string): Promise<number[]> {
  const response = await get(kind, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: { id: number }) => row.id);
}
const search = (text: string) => `search=${encodeURIComponent(text)}&orderBy=createdAt&sort=asc`;

describe('the search box of the trucks board', () => {
  it('finds a truck by its unit number, its company, its city or its state, in any case', async () => {
    expect(await ids('trucks', search('U-148'))).toEqual([T.blue]);
    expect(await ids('trucks', search('u-148'))).toEqual([T.blue]);
    expect(await ids('trucks', search('ACME'))).toEqual([T.blue]);
    // The city of one, the company of the other.
    expect(await ids('trucks', search('Pittsburgh'))).toEqual([T.blue, T.yellow]);
    expect(await ids('trucks', search('Erie, PA'))).toEqual([T.yellow]);
    expect(await ids('trucks', search('pennsylvania'))).toEqual([T.blue, T.yellow]);
    expect(await ids('trucks', search('rocket'))).toEqual([T.red]);
    expect(await ids('trucks', search('Omaha'))).toEqual([]);
  });

  it('counts what it finds', async () => {
    const page = (await get('trucks', search('pittsburgh'))).json();
    expect(page).toMatchObject({ totalCount: 2, totalPages: 1, count: 2 });
  });
});

describe('the search box of the loads board', () => {
  it('finds a load by its product, its customer, or a city or state of its route', async () => {
    expect(await ids('loads', search('light'))).toEqual([L.baker]);
    expect(await ids('loads', search('BAKER'))).toEqual([L.baker]);
    expect(await ids('loads', search('Erie'))).toEqual([L.baker]);
    expect(await ids('loads', search('Pennsylvania'))).toEqual([L.baker]);
    expect(await ids('loads', search('Omaha'))).toEqual([L.none]);
    expect(await ids('loads', search('missouri'))).toEqual([L.none]);
    expect(await ids('loads', search('heavy'))).toEqual([L.acme, L.none]);
  });
});

describe('the orders of the trucks board', () => {
  const order = (orderBy: string, sort: 'asc' | 'desc') => ids('trucks', `orderBy=${orderBy}&sort=${sort}`);

  it('sorts by every column with an order, both ways', async () => {
    const expected: Record<string, number[]> = {
      truckName: [T.blue, T.red, T.yellow],
      unitNumber: [T.yellow, T.blue, T.red],
      companyName: [T.red, T.blue, T.yellow],
      trailerType: [T.blue, T.red, T.yellow],
      truckCity: [T.red, T.yellow, T.blue],
      dispatcherName: [T.red, T.yellow, T.blue],
      createdAt: [T.blue, T.red, T.yellow],
    };
    for (const [orderBy, ascending] of Object.entries(expected)) {
      expect(await order(orderBy, 'asc'), `${orderBy} asc`).toEqual(ascending);
      expect(await order(orderBy, 'desc'), `${orderBy} desc`).toEqual([...ascending].reverse());
    }
  });

  it('puts ties of a shared value newest first', async () => {
    // Available first, then the latest change; no direction (null) sorts first ascending.
    expect(await order('status', 'desc')).toEqual([T.yellow, T.blue, T.red]);
    expect(await order('direction', 'asc')).toEqual([T.yellow, T.blue, T.red]);
  });

  it('takes every order it names', async () => {
    for (const orderBy of truckOrderBys)
      expect((await get('trucks', `orderBy=${orderBy}`)).statusCode).toBe(200);
  });

  it('sorts the board as of a moment the same way', async () => {
    expect(await ids('trucks', `orderBy=truckName&sort=desc&asOf=${at('04')}`)).toEqual([
      T.yellow,
      T.red,
      T.blue,
    ]);
  });

  it('refuses an order it does not have, naming the field', async () => {
    for (const query of ['orderBy=notes', 'orderBy=truckName;drop', 'orderBy=customerName']) {
      const response = await get('trucks', query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        errors: { orderBy: [expect.stringMatching(/^Order by must be one of: updatedAt, createdAt/)] },
      });
    }
    const sort = await get('trucks', 'sort=up');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors).toEqual({ sort: ['Sort must be asc or desc'] });
  });
});

describe('the orders of the loads board', () => {
  it('sorts by its columns: customer, route, product, rate', async () => {
    expect(await ids('loads', 'orderBy=customerName&sort=asc')).toEqual([L.none, L.acme, L.baker]);
    expect(await ids('loads', 'orderBy=originCity&sort=asc')).toEqual([L.acme, L.none, L.baker]);
    expect(await ids('loads', 'orderBy=product&sort=asc')).toEqual([L.none, L.acme, L.baker]);
    expect(await ids('loads', 'orderBy=rateForTitan&sort=desc')).toEqual([L.baker, L.acme, L.none]);
  });

  it("refuses a truck's order", async () => {
    const response = await get('loads', 'orderBy=truckName');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['orderBy']);
  });
});

describe('a page past the end', () => {
  it('answers the page asked for, empty, with the totals that lead back to the last one', async () => {
    const response = await get('trucks', 'limit=1&page=99');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ page: 99, count: 0, data: [], totalCount: 3, totalPages: 3 });
  });
});
