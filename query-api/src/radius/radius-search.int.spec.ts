import { RADIUS_MESSAGE, radiusSearchAnswerSchema } from '@dispatch/domain';
import { placeOf } from '@dispatch/places';
import {
  ownerWithOrganization,
  requestsWith,
  startTestApp,
  type TestApp,
  validLoad,
  validTruck,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** GET /api/v1/radius-search over HTTP: distances, every parameter, every message, paging, tenancy. */

let app: TestApp;
let owner: string;
let stranger: string;
const inject = requestsWith(() => app);

/** The spherical law of cosines: a great-circle formula other than the product's haversine. */
function independentMiles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const rad = Math.PI / 180;
  const cos =
    Math.sin(a.latitude * rad) * Math.sin(b.latitude * rad) +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.cos((b.longitude - a.longitude) * rad);
  return 3958.8 * Math.acos(Math.min(1, Math.max(-1, cos)));
}

const trucksAt: [name: string, state: string, city: string][] = [
  ['Loop Runner', 'IL', 'Chicago'],
  ['Brew City', 'WI', 'Milwaukee'],
  ['Prairie Hauler', 'IL', 'Peoria'],
  ['Circle City', 'IN', 'Indianapolis'],
  ['Lone Star', 'TX', 'Dallas'],
  ['Lost Rig', 'IL', 'Nowhere Such Place'],
  ['Pine Tree', 'ME', 'Bangor'],
];

async function post(cookie: string, body: Record<string, unknown>, kind: 'trucks' | 'loads' = 'trucks') {
  const response = await inject(cookie, 'POST', `/api/v1/${kind}`, body, { origin: app.url });
  expect(response.statusCode, response.body).toBe(201);
  await app.projector.waitFor(BigInt(response.headers['x-event-position'] as string), 5000);
  return response;
}

const search = (cookie: string, query: Record<string, string>, headers: Record<string, string> = {}) =>
  inject(cookie, 'GET', `/api/v1/radius-search?${new URLSearchParams(query)}`, undefined, headers);

beforeAll(async () => {
  app = await startTestApp();
  owner = (await ownerWithOrganization(app, 'radius-owner@example.com', 'Radius Freight')).cookie;
  stranger = (await ownerWithOrganization(app, 'radius-stranger@example.com', 'Elsewhere Freight')).cookie;
  for (const [truckName, truckState, truckCity] of trucksAt) {
    await post(owner, {
      ...validTruck,
      truckName,
      truckState,
      truckCity,
      status: truckName !== 'Prairie Hauler',
    });
  }
  await post(stranger, { ...validTruck, truckName: 'Not Yours', truckState: 'IL', truckCity: 'Chicago' });
  await post(
    owner,
    {
      ...validLoad,
      originState: 'IL',
      originCity: 'Peoria',
      destinationState: 'TX',
      destinationCity: 'Dallas',
    },
    'loads',
  );
  await post(
    owner,
    {
      ...validLoad,
      originState: 'TX',
      originCity: 'Dallas',
      destinationState: 'WI',
      destinationCity: 'Milwaukee',
    },
    'loads',
  );
});
afterAll(() => app.stop());

describe('GET /api/v1/radius-search', () => {
  it('finds the trucks within the radius, nearest first, with great-circle miles to a tenth', async () => {
    const response = await search(owner, { state: 'IL', city: 'chicago', radius: '200' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = radiusSearchAnswerSchema.parse(response.json());
    const chicago = placeOf('IL', 'Chicago');
    expect(answer.center).toMatchObject({
      state: 'IL',
      latitude: chicago?.latitude,
      longitude: chicago?.longitude,
    });
    const names = answer.data.map((item) => ('truck' in item ? item.truck.truckName : ''));
    expect(names).toEqual(['Loop Runner', 'Brew City', 'Prairie Hauler', 'Circle City']);
    for (const item of answer.data) {
      const truck = 'truck' in item ? item.truck : null;
      const place = placeOf(truck?.truckState ?? '', truck?.truckCity ?? '');
      expect(item.location).toEqual({ latitude: place?.latitude, longitude: place?.longitude });
      expect(item.distance).toBeCloseTo(independentMiles(answer.center, item.location), 1);
      expect(Math.round(item.distance * 10)).toBe(item.distance * 10);
    }
    expect(answer.data[0]).toMatchObject({ distance: 0, direction: null });
    expect(answer.data[1]?.direction).toBe('NORTH');
    expect(answer).toMatchObject({ success: true, totalCount: 4, limit: 10, page: 0, totalPages: 1 });
  });

  it('pages from 0 and filters like the lists', async () => {
    const pages = await Promise.all(
      ['0', '1'].map(async (page) =>
        (await search(owner, { state: 'IL', city: 'Chicago', radius: '200', limit: '3', page })).json(),
      ),
    );
    expect(
      pages.map((page) => page.data.map((item: { truck: { truckName: string } }) => item.truck.truckName)),
    ).toEqual([['Loop Runner', 'Brew City', 'Prairie Hauler'], ['Circle City']]);
    expect(pages[0]).toMatchObject({ totalCount: 4, totalPages: 2, limit: 3, page: 0 });
    const available = (
      await search(owner, { state: 'IL', city: 'Chicago', radius: '200', status: 'true' })
    ).json();
    expect(available.totalCount).toBe(3);
    const north = (
      await search(owner, { state: 'IL', city: 'Chicago', radius: '200', direction: 'NORTH' })
    ).json();
    expect(north.data.map((item: { truck: { truckName: string } }) => item.truck.truckName)).toEqual([
      'Brew City',
    ]);
    const flatbeds = (
      await search(owner, { state: 'IL', city: 'Chicago', radius: '200', trailerType: 'LOW_SIDED_HOPPER' })
    ).json();
    expect(flatbeds.totalCount).toBe(0);
  });

  it('searches loads by origin, or by destination for a backhaul', async () => {
    const byOrigin = (
      await search(owner, { state: 'IL', city: 'Chicago', radius: '200', searchType: 'loads' })
    ).json();
    expect(byOrigin.data.map((item: { load: { originCity: string } }) => item.load.originCity)).toEqual([
      'Peoria',
    ]);
    const byDestination = (
      await search(owner, {
        state: 'IL',
        city: 'Chicago',
        radius: '200',
        searchType: 'loads',
        around: 'destination',
      })
    ).json();
    expect(
      byDestination.data.map((item: { load: { destinationCity: string } }) => item.load.destinationCity),
    ).toEqual(['Milwaukee']);
  });

  it('finds a truck in a small Maine town, and leaves out a place the map does not know', async () => {
    const maine = (await search(owner, { state: 'ME', city: 'Bangor', radius: '10' })).json();
    expect(maine.data.map((item: { truck: { truckName: string } }) => item.truck.truckName)).toEqual([
      'Pine Tree',
    ]);
    const everywhere = (
      await search(owner, { state: 'IL', city: 'Chicago', radius: '5000', limit: '100' })
    ).json();
    expect(
      everywhere.data.map((item: { truck: { truckName: string } }) => item.truck.truckName),
    ).not.toContain('Lost Rig');
  });

  it('refuses bad parameters with the spec words, naming the field', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ city: 'Chicago', radius: '200' }, 'state', 'State is required'],
      [{ state: 'IL', radius: '200' }, 'city', 'City is required'],
      [{ state: 'IL', city: 'Chicago', radius: '0' }, 'radius', RADIUS_MESSAGE],
      [{ state: 'IL', city: 'Chicago', radius: '5001' }, 'radius', RADIUS_MESSAGE],
      [{ state: 'IL', city: 'Chicago', radius: 'far' }, 'radius', RADIUS_MESSAGE],
      [{ state: 'IL', city: 'Chicago' }, 'radius', RADIUS_MESSAGE],
      [{ state: 'ME', city: 'Chicago', radius: '20' }, 'city', 'City not found in ME'],
      [
        { state: 'IL', city: 'Chicago', radius: '20', searchType: 'boats' },
        'searchType',
        'Search type must be trucks or loads',
      ],
    ];
    for (const [query, field, message] of cases) {
      const response = await search(owner, query);
      expect([query, response.statusCode, response.json().errors?.[field]]).toEqual([query, 400, [message]]);
    }
  });

  it('shows only the organization of the session, and reads its own writes', async () => {
    const strangers = (await search(stranger, { state: 'IL', city: 'Chicago', radius: '200' })).json();
    expect(strangers.data.map((item: { truck: { truckName: string } }) => item.truck.truckName)).toEqual([
      'Not Yours',
    ]);
    const posted = await inject(
      owner,
      'POST',
      '/api/v1/trucks',
      { ...validTruck, truckName: 'Fresh Post', truckCity: 'Joliet' },
      {
        origin: app.url,
      },
    );
    const fresh = await search(
      owner,
      { state: 'IL', city: 'Chicago', radius: '200', limit: '100' },
      {
        'x-min-position': posted.headers['x-event-position'] as string,
      },
    );
    expect(fresh.json().data.map((item: { truck: { truckName: string } }) => item.truck.truckName)).toContain(
      'Fresh Post',
    );
  });
});
