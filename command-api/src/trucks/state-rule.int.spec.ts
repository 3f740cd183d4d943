import {
  ownerWithOrganization,
  PostingHistory,
  requestsWith,
  startTestApp,
  type TestApp,
  validLoad,
  validTruck,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/rules.md#validation: a state is one of the 50 states or DC, by code or name in any case, kept
 * as its code; anything else is a 400 on the field and writes nothing. A city the map does not know is
 * still posted, and every answer says whether the map knows the place (docs/decisions.md#places).
 */

let app: TestApp;
let cookie: string;
let orgId: string;
const inject = requestsWith(() => app);

const send = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  inject(cookie, method, url, payload, { origin: app.url });

async function settled(response: { headers: Record<string, unknown> }) {
  await app.projector.waitFor(BigInt(response.headers['x-event-position'] as string), 5000);
}

const eventCount = async () => Number(await app.infrastructure.eventStore.headPosition());

beforeAll(async () => {
  app = await startTestApp();
  const owner = await ownerWithOrganization(app, 'state-rule@example.com', 'Places Freight');
  cookie = owner.cookie;
  orgId = owner.organization.id;
});
afterAll(() => app.stop());

describe('POST and PATCH /api/v1/trucks', () => {
  it.each([
    ['tx', 'TX'],
    [' Texas ', 'TX'],
    ['TEXAS', 'TX'],
    ['new mexico', 'NM'],
    ['District of Columbia', 'DC'],
  ])('stores the state %j as %s, and the preferred state alike', async (typed, code) => {
    const posted = await send('POST', '/api/v1/trucks', {
      ...validTruck,
      truckState: typed,
      preferedState: typed,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ truckState: code, preferedState: code });
    await settled(posted);
    const read = await inject(cookie, 'GET', `/api/v1/trucks/${posted.json().id}`);
    expect(read.json()).toMatchObject({ truckState: code, preferedState: code });
  });

  it.each(['XX', 'zz', 'TEXASS', 'Tex.', 'PR'])(
    'refuses the state %j on its field, and writes nothing',
    async (typed) => {
      const before = await eventCount();
      const posted = await send('POST', '/api/v1/trucks', { ...validTruck, truckState: typed });
      expect(posted.statusCode, posted.body).toBe(400);
      expect(posted.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        errors: { truckState: ['Truck state must be a US state or DC'] },
      });
      const preferred = await send('POST', '/api/v1/trucks', { ...validTruck, preferedState: typed });
      expect(preferred.statusCode, preferred.body).toBe(400);
      expect(preferred.json().errors).toEqual({
        preferedState: ['Preferred state must be a US state or DC'],
      });
      expect(await eventCount()).toBe(before);
    },
  );

  it('keeps the required messages, and an empty preferred state is no state', async () => {
    const empty = await send('POST', '/api/v1/trucks', { ...validTruck, truckState: ' ' });
    expect(empty.json().errors).toEqual({ truckState: ['Truck state is required'] });
    const anywhere = await send('POST', '/api/v1/trucks', { ...validTruck, preferedState: '' });
    expect(anywhere.statusCode, anywhere.body).toBe(201);
    expect(anywhere.json().preferedState).toBeNull();
  });

  it('an edit takes the state by name and refuses an unknown one', async () => {
    const posted = await send('POST', '/api/v1/trucks', validTruck);
    const id = posted.json().id as number;
    const moved = await send('PATCH', `/api/v1/trucks/${id}`, {
      truckState: 'wisconsin',
      truckCity: 'Madison',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ truckState: 'WI', onMap: true });
    const refused = await send('PATCH', `/api/v1/trucks/${id}`, { truckState: 'XX' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ truckState: ['Truck state must be a US state or DC'] });
  });

  it('posts a city the map does not know, and says so in the post, the list and the detail', async () => {
    const posted = await send('POST', '/api/v1/trucks', {
      ...validTruck,
      truckName: 'Off the Map',
      truckState: 'nd',
      truckCity: 'Nowhere Such Place',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ truckState: 'ND', onMap: false });
    await settled(posted);
    const id = posted.json().id as number;
    const detail = (await inject(cookie, 'GET', `/api/v1/trucks/${id}`)).json();
    expect(detail.onMap).toBe(false);
    const known = await send('POST', '/api/v1/trucks', {
      ...validTruck,
      truckState: 'nd',
      truckCity: 'enderlin',
    });
    expect(known.json()).toMatchObject({ truckState: 'ND', onMap: true });
    await settled(known);
    const list = (await inject(cookie, 'GET', '/api/v1/trucks?limit=100')).json();
    const onMap = new Map(list.data.map((truck: { id: number; onMap: boolean }) => [truck.id, truck.onMap]));
    expect(onMap.get(id)).toBe(false);
    expect(onMap.get(known.json().id)).toBe(true);
  });
});

describe('POST and PATCH /api/v1/loads', () => {
  it('stores both ends as codes, and says which end the map does not know', async () => {
    const posted = await send('POST', '/api/v1/loads', {
      ...validLoad,
      originState: 'iowa',
      destinationState: ' il',
      destinationCity: 'Nowhere Such Place',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({
      originState: 'IA',
      destinationState: 'IL',
      originOnMap: true,
      destinationOnMap: false,
    });
    await settled(posted);
    const id = posted.json().id as number;
    const detail = (await inject(cookie, 'GET', `/api/v1/loads/${id}`)).json();
    expect(detail).toMatchObject({ originOnMap: true, destinationOnMap: false });
    const row = (await inject(cookie, 'GET', '/api/v1/loads?limit=100'))
      .json()
      .data.find((load: { id: number }) => load.id === id);
    expect(row).toMatchObject({ originState: 'IA', originOnMap: true, destinationOnMap: false });

    const edited = await send('PATCH', `/api/v1/loads/${id}`, {
      destinationState: 'Texas',
      destinationCity: 'Dallas',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ destinationState: 'TX', destinationOnMap: true });
  });

  it('refuses a state that is not a US state or DC on its field, posted or edited, and writes nothing', async () => {
    const before = await eventCount();
    const posted = await send('POST', '/api/v1/loads', {
      ...validLoad,
      originState: 'XX',
      destinationState: 'Texas',
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json().errors).toEqual({ originState: ['Origin state must be a US state or DC'] });
    expect(await eventCount()).toBe(before);
    const load = await send('POST', '/api/v1/loads', validLoad);
    const afterPost = await eventCount();
    const edited = await send('PATCH', `/api/v1/loads/${load.json().id}`, { destinationState: 'zz' });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors).toEqual({
      destinationState: ['Destination state must be a US state or DC'],
    });
    expect(await eventCount()).toBe(afterPost);
  });
});

describe('a CSV import', () => {
  const header =
    'trailerType,truckName,truckState,truckCity,availabilityDate,dispatcherName,dispatcherMobileNumber,dispatcherEmail';
  const row = (state: string) =>
    `FLATBED,Imported,${state},Enderlin,2026-11-21,Dana,3125550100,dana@example.com`;

  it('previews a row of an unknown state as invalid with the message, and one by name as valid', async () => {
    const csv = `${header}\n${row('XX')}\n${row('texas')}\n`;
    const preview = await send('POST', '/api/v1/trucks/import/preview', { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().rows).toMatchObject([
      { line: 2, valid: false, errors: { truckState: ['Truck state must be a US state or DC'] } },
      { line: 3, valid: true, errors: {} },
    ]);
    const imported = await send('POST', '/api/v1/trucks/import', { csv });
    expect(imported.statusCode, imported.body).toBe(200);
    const answer = imported.json();
    expect(answer.invalid).toEqual([
      { line: 2, errors: { truckState: ['Truck state must be a US state or DC'] } },
    ]);
    expect(answer.posted).toHaveLength(1);
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
    const truck = (await inject(cookie, 'GET', `/api/v1/trucks/${answer.posted[0].id}`)).json();
    expect(truck).toMatchObject({ truckState: 'TX', truckCity: 'Enderlin' });
  });
});

describe('GET /api/v1/radius-search', () => {
  it('takes the state by its name, and refuses one that is not a US state or DC', async () => {
    const query = (state: string) =>
      inject(
        cookie,
        'GET',
        `/api/v1/radius-search?${new URLSearchParams({ state, city: 'Fargo', radius: '100' })}`,
      );
    const byName = await query('north dakota');
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().center).toMatchObject({ city: 'Fargo', state: 'ND' });
    const names = byName.json().data.map((item: { truck: { truckCity: string } }) => item.truck.truckCity);
    expect(names).toContain('enderlin');
    expect(names).not.toContain('Nowhere Such Place');
    const unknown = await query('XX');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ state: ['State must be a US state or DC'] });
    const missing = await query('');
    expect(missing.json().errors).toEqual({ state: ['State is required'] });
  });
});

describe('postings recorded before the state rule', () => {
  it('still load and show their state as it was written, off the map', async () => {
    const history = new PostingHistory(app, orgId);
    await history.postTruck(900_001, { truckName: 'Old Record' }, '2026-01-05T10:00:00.000Z', 'someone');
    await history.updateTruck(
      900_001,
      { truckState: 'XX', truckCity: 'Enderlin' },
      '2026-01-06T10:00:00.000Z',
      'someone',
    );
    await history.append(
      'load-900002',
      'LoadPosted',
      {
        loadId: 900_002,
        ...validLoad,
        customerMobileNumber: '5155550123',
        originState: 'zz',
        availabilityDate: '2026-01-05T00:00:00.000Z',
      },
      '2026-01-05T10:00:00.000Z',
      'someone',
    );
    await app.projector.waitFor(history.position, 5000);
    const truck = await inject(cookie, 'GET', '/api/v1/trucks/900001');
    expect(truck.statusCode, truck.body).toBe(200);
    expect(truck.json()).toMatchObject({ truckState: 'XX', truckCity: 'Enderlin', onMap: false });
    const load = await inject(cookie, 'GET', '/api/v1/loads/900002');
    expect(load.statusCode, load.body).toBe(200);
    expect(load.json()).toMatchObject({ originState: 'zz', originOnMap: false, destinationOnMap: true });
    // An edit of another field goes through; the state stays as written until it is edited.
    const renamed = await send('PATCH', '/api/v1/trucks/900001', { truckName: 'Old Record, renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ truckState: 'XX', onMap: false });
  });
});
