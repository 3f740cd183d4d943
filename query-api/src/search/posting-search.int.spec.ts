import {
  ownerWithOrganization,
  requestsWith,
  startTestApp,
  type TestApp,
  validLoad,
  validTruck,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * GET /api/v1/search: the organization's trucks and loads a text finds, by a truck's name, unit
 * number, company, city or state and a load's customer, origin or destination; never another
 * organization's; a bad text is a 400 naming the field.
 */

let app: TestApp;
let acme: string;
let rival: string;
let truckId: number;
let loadId: number;
let rivalTruckId: number;

beforeAll(async () => {
  app = await startTestApp();
  acme = (await ownerWithOrganization(app, 'owner@acme-search.test', 'Acme Search Freight')).cookie;
  rival = (await ownerWithOrganization(app, 'owner@rival-search.test', 'Rival Search Freight')).cookie;
  truckId = (
    await post(acme, 'trucks', {
      ...validTruck,
      truckName: 'Steel Sparrow',
      unitNumber: 'SP-148',
      companyName: 'Allegheny Haulers',
      truckCity: 'Pittsburgh',
      truckState: 'PA',
    })
  ).id;
  loadId = (
    await post(acme, 'loads', {
      ...validLoad,
      customerName: 'Keystone Coke',
      originCity: 'Erie',
      originState: 'PA',
      destinationCity: 'Pittsburgh',
      destinationState: 'PA',
    })
  ).id;
  // Another organization's truck, named and placed like Acme's.
  rivalTruckId = (
    await post(rival, 'trucks', {
      ...validTruck,
      truckName: 'Steel Sparrow Rival',
      unitNumber: 'SP-148',
      companyName: 'Allegheny Haulers',
      truckCity: 'Pittsburgh',
      truckState: 'PA',
    })
  ).id;
}, 60_000);
afterAll(() => app.stop());

const inject = requestsWith(() => app);

async function post(cookie: string, kind: 'trucks' | 'loads', body: object) {
  const response = await inject(cookie, 'POST', `/api/v1/${kind}`, body, { origin: app.url });
  expect(response.statusCode, response.body).toBe(201);
  await app.projector.waitFor(BigInt(response.headers['x-event-position'] as string), 5000);
  return response.json() as { id: number };
}

async function search(cookie: string, q: string, more = '') {
  const response = await inject(cookie, 'GET', `/api/v1/search?q=${encodeURIComponent(q)}${more}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { trucks: { id: number }[]; loads: { id: number }[] };
  return { trucks: body.trucks.map((truck) => truck.id), loads: body.loads.map((load) => load.id) };
}

describe('GET /api/v1/search', () => {
  it.each([
    ['its name', 'steel sparrow'],
    ['its unit number', 'SP-148'],
    ['its company', 'Allegheny'],
    ['its city', 'Pittsburgh'],
    ['its state', 'PA'],
  ])('finds a truck by %s', async (_, q) => {
    expect((await search(acme, q)).trucks).toEqual([truckId]);
  });

  it('finds a load by its customer, origin and destination', async () => {
    for (const q of ['keystone', 'Erie', 'pittsburgh'])
      expect((await search(acme, q)).loads, q).toEqual([loadId]);
    expect(await search(acme, 'Pittsburgh')).toEqual({ trucks: [truckId], loads: [loadId] });
  });

  it('answers the posting an id names, and nothing for an id that is not one', async () => {
    expect((await search(acme, `#${truckId}`)).trucks).toContain(truckId);
    expect((await search(acme, String(loadId))).loads).toContain(loadId);
    const unknown = await inject(acme, 'GET', '/api/v1/search?q=987654');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true, trucks: [], loads: [] });
  });

  it("never answers another organization's posting, by text or by id", async () => {
    expect((await search(acme, 'Steel Sparrow Rival')).trucks).toEqual([]);
    expect((await search(acme, String(rivalTruckId))).trucks).not.toContain(rivalTruckId);
    expect((await search(rival, 'steel sparrow')).trucks).toEqual([rivalTruckId]);
    expect((await search(rival, String(truckId))).trucks).not.toContain(truckId);
  });

  it('keeps to the limit asked', async () => {
    await post(acme, 'trucks', {
      ...validTruck,
      truckName: 'Steel Sparrow Two',
      truckCity: 'Pittsburgh',
      truckState: 'PA',
    });
    expect((await search(acme, 'steel sparrow', '&limit=1')).trucks).toHaveLength(1);
    expect((await search(acme, 'steel sparrow')).trucks).toHaveLength(2);
  });

  it.each([
    ['no text', '', 'q'],
    ['one character', '?q=P', 'q'],
    ['more than 100 characters', `?q=${'p'.repeat(101)}`, 'q'],
    ['a control character', '?q=Pitt%00sburgh', 'q'],
    ['a limit past 20', '?q=Pittsburgh&limit=21', 'limit'],
    ['an unknown parameter', '?q=Pittsburgh&orgId=other', null],
  ])('refuses %s with a 400 naming the field', async (_, query, field) => {
    const response = await inject(acme, 'GET', `/api/v1/search${query}`);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    if (field) expect(body.errors[field]?.length, JSON.stringify(body)).toBeGreaterThan(0);
  });

  it('is open to API keys that read postings, and to no one signed out', async () => {
    const key = await inject(
      acme,
      'POST',
      '/api/v1/api-keys',
      { name: 'Search', scopes: ['postings:read'] },
      {
        origin: app.url,
      },
    );
    expect(key.statusCode, key.body).toBe(201);
    const { secret } = key.json() as { secret: string };
    await app.projector.waitFor(BigInt(key.headers['x-event-position'] as string), 5000);
    const byKey = await app.app.inject({
      method: 'GET',
      url: '/api/v1/search?q=pittsburgh',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json().trucks.map((truck: { id: number }) => truck.id)).toContain(truckId);
    const signedOut = await app.app.inject({ method: 'GET', url: '/api/v1/search?q=pittsburgh' });
    expect(signedOut.statusCode).toBe(401);
  });
});
