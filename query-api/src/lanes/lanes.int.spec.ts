import { LANE_RADIUS_MESSAGE, laneSearchAnswerSchema, matchesAnswerSchema } from '@dispatch/domain';
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

/** GET /api/v1/lane-search and the matches of a load and of a truck, over HTTP. */

let app: TestApp;
let owner: string;
let stranger: string;
const inject = requestsWith(() => app);

/** Haversine written out here, apart from the product's: miles between two cities of the gazetteer. */
function haversineMiles(from: [string, string], to: [string, string]) {
  const a = placeOf(from[0], from[1]);
  const b = placeOf(to[0], to[1]);
  if (!a || !b) throw new Error('unknown city');
  const toRadians = (degrees: number) => (degrees / 180) * Math.PI;
  const s1 = Math.sin(toRadians(b.latitude - a.latitude) / 2);
  const s2 = Math.sin(toRadians(b.longitude - a.longitude) / 2);
  const h = s1 * s1 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * s2 * s2;
  return 2 * 3958.8 * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}
const tenth = (miles: number) => Math.round(miles * 10) / 10;

async function post(cookie: string, body: Record<string, unknown>, kind: 'trucks' | 'loads' = 'trucks') {
  const response = await inject(cookie, 'POST', `/api/v1/${kind}`, body, { origin: app.url });
  expect(response.statusCode, response.body).toBe(201);
  await app.projector.waitFor(BigInt(response.headers['x-event-position'] as string), 5000);
  return response;
}

const get = (cookie: string, path: string, query: Record<string, string> = {}) =>
  inject(cookie, 'GET', `${path}?${new URLSearchParams(query)}`);

type Row = { truck?: { truckName: string; id: number }; load?: { customerName: string; id: number } };
const names = (body: { data: object[] }) =>
  (body.data as Row[]).map((row) => row.truck?.truckName ?? row.load?.customerName);

/** Trucks of the lane board: name, city, preferred destination (null: anywhere), availability. */
const laneTrucks: [string, [string, string], [string, string] | null, string][] = [
  ['Loop Late', ['IL', 'Chicago'], ['TX', 'Dallas'], '2026-12-20'],
  ['Loop Early', ['IL', 'Chicago'], ['TX', 'Dallas'], '2026-12-12'],
  ['Loop Fort Worth', ['IL', 'Chicago'], ['TX', 'Fort Worth'], '2026-12-15'],
  ['Loop Anywhere', ['IL', 'Chicago'], null, '2026-12-12'],
  ['Loop Atlanta', ['IL', 'Chicago'], ['GA', 'Atlanta'], '2026-12-12'],
  ['Joliet Dallas', ['IL', 'Joliet'], ['TX', 'Dallas'], '2026-12-12'],
  ['Milwaukee Dallas', ['WI', 'Milwaukee'], ['TX', 'Dallas'], '2026-12-12'],
];

let beforeLast: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = (await ownerWithOrganization(app, 'lanes-owner@example.com', 'Lane Freight')).cookie;
  stranger = (await ownerWithOrganization(app, 'lanes-stranger@example.com', 'Elsewhere Freight')).cookie;
  for (const [truckName, [truckState, truckCity], preferred, availabilityDate] of laneTrucks) {
    await post(owner, {
      ...validTruck,
      truckName,
      truckState,
      truckCity,
      preferedState: preferred?.[0] ?? '',
      preferedCity: preferred?.[1] ?? '',
      availabilityDate,
    });
  }
  await post(stranger, { ...validTruck, truckName: 'Not Yours', availabilityDate: '2026-12-12' });
  await post(
    owner,
    {
      ...validLoad,
      customerName: 'Peoria to Dallas',
      originState: 'IL',
      originCity: 'Peoria',
      destinationState: 'TX',
      destinationCity: 'Dallas',
      availabilityDate: '2026-12-14',
    },
    'loads',
  );
  await post(
    owner,
    {
      ...validLoad,
      customerName: 'Chicago to Houston',
      originState: 'IL',
      originCity: 'Chicago',
      destinationState: 'TX',
      destinationCity: 'Houston',
      availabilityDate: '2026-12-14',
    },
    'loads',
  );
  const last = await post(
    owner,
    {
      ...validLoad,
      customerName: 'Chicago to Fort Worth',
      originState: 'IL',
      originCity: 'Chicago',
      destinationState: 'TX',
      destinationCity: 'Fort Worth',
      availabilityDate: '2026-12-14',
    },
    'loads',
  );
  beforeLast = String(BigInt(last.headers['x-event-position'] as string) - 1n);
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

describe('GET /api/v1/lane-search', () => {
  it('finds the trucks from near one city heading near another, by deadhead then date, with both distances', async () => {
    const response = await get(owner, '/api/v1/lane-search', {
      originState: 'IL',
      originCity: 'Chicago',
      originRadius: '50',
      destinationState: 'TX',
      destinationCity: 'Dallas',
      destinationRadius: '50',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = laneSearchAnswerSchema.parse(response.json());
    // Fort Worth is about 31 miles from Dallas; Milwaukee about 81 from Chicago; Atlanta and
    // "anywhere" are no trip to Dallas.
    expect(names(body)).toEqual(['Loop Early', 'Loop Fort Worth', 'Loop Late', 'Joliet Dallas']);
    expect(body.totalCount).toBe(4);
    for (const row of body.data) {
      const truck = laneTrucks.find(([name]) => name === (row as Row).truck?.truckName);
      if (!truck) throw new Error('unexpected row');
      expect(row.deadheadMiles).toBeCloseTo(tenth(haversineMiles(['IL', 'Chicago'], truck[1])), 5);
      expect(row.destinationMiles).toBeCloseTo(
        tenth(haversineMiles(['TX', 'Dallas'], truck[2] ?? ['', ''])),
        5,
      );
    }
    expect(body.data[3]?.deadheadMiles).toBeGreaterThan(30);
    expect(body.destination).toMatchObject({ city: 'Dallas', state: 'TX', radius: 50 });
    // Paged like the radius search.
    const second = await get(owner, '/api/v1/lane-search', {
      originState: 'IL',
      originCity: 'Chicago',
      originRadius: '50',
      destinationState: 'TX',
      destinationCity: 'Dallas',
      destinationRadius: '50',
      limit: '2',
      page: '1',
    });
    expect([names(second.json()), second.json().totalPages]).toEqual([['Loop Late', 'Joliet Dallas'], 2]);
  });

  it('goes anywhere without a destination: trucks with no preferred destination too, within 100 miles by default', async () => {
    const response = await get(owner, '/api/v1/lane-search', { originState: 'IL', originCity: 'Chicago' });
    const body = laneSearchAnswerSchema.parse(response.json());
    // At one deadhead by date, then in the order they were posted.
    expect(names(body)).toEqual([
      'Loop Early',
      'Loop Anywhere',
      'Loop Atlanta',
      'Loop Fort Worth',
      'Loop Late',
      'Joliet Dallas',
      'Milwaukee Dallas',
    ]);
    expect(body.destination).toBeNull();
    expect(body.data.every((row) => row.destinationMiles === null)).toBe(true);
    expect(body.data.at(-1)?.deadheadMiles).toBeCloseTo(
      tenth(haversineMiles(['IL', 'Chicago'], ['WI', 'Milwaukee'])),
      5,
    );
  });

  it('finds loads by their origin and destination, and answers as of a moment', async () => {
    const query = {
      searchType: 'loads',
      originState: 'IL',
      originCity: 'Chicago',
      originRadius: '200',
      destinationState: 'TX',
      destinationCity: 'Dallas',
      destinationRadius: '100',
    };
    const body = laneSearchAnswerSchema.parse((await get(owner, '/api/v1/lane-search', query)).json());
    expect(names(body)).toEqual(['Chicago to Fort Worth', 'Peoria to Dallas']);
    expect(body.data[1]?.deadheadMiles).toBeCloseTo(
      tenth(haversineMiles(['IL', 'Chicago'], ['IL', 'Peoria'])),
      5,
    );
    expect(body.data[0]?.destinationMiles).toBeCloseTo(
      tenth(haversineMiles(['TX', 'Dallas'], ['TX', 'Fort Worth'])),
      5,
    );
    const past = await get(owner, '/api/v1/lane-search', { ...query, asOf: beforeLast });
    expect(past.statusCode, past.body).toBe(200);
    expect(names(past.json())).toEqual(['Peoria to Dallas']);
    expect(past.json().asOf).toMatchObject({ position: beforeLast });
  });

  it("never answers another organization's postings", async () => {
    const mine = await get(owner, '/api/v1/lane-search', {
      originState: 'IL',
      originCity: 'Chicago',
      originRadius: '500',
    });
    expect(names(mine.json())).not.toContain('Not Yours');
    const theirs = await get(stranger, '/api/v1/lane-search', { originState: 'IL', originCity: 'Chicago' });
    expect(names(theirs.json())).toEqual(['Not Yours']);
  });

  it('refuses radii out of range, unknown cities and half a destination with the fields named', async () => {
    const refused = async (query: Record<string, string>, field: string, message: string) => {
      const response = await get(owner, '/api/v1/lane-search', {
        originState: 'IL',
        originCity: 'Chicago',
        ...query,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errors: { [field]: [message] } });
    };
    await refused({ originRadius: '501' }, 'originRadius', LANE_RADIUS_MESSAGE);
    await refused({ destinationRadius: '0' }, 'destinationRadius', LANE_RADIUS_MESSAGE);
    await refused({ originCity: 'Nowhere Such Place' }, 'originCity', 'City not found in IL');
    await refused(
      { destinationState: 'TX', destinationCity: 'Nowhere Such Place' },
      'destinationCity',
      'City not found in TX',
    );
    await refused({ destinationCity: 'Dallas' }, 'destinationState', 'Destination state is required');
    await refused({ searchType: 'boats' }, 'searchType', 'Search type must be trucks or loads');
  });
});

describe('matches', () => {
  /** A scripted board around one flatbed load from Chicago to Dallas on 2026-12-10. */
  let loadId: number;
  const ids = new Map<string, number>();
  beforeAll(async () => {
    const matchOwner = await ownerWithOrganization(app, 'matches-owner@example.com', 'Match Freight');
    const cookie = matchOwner.cookie;
    const truck = async (truckName: string, fields: Record<string, unknown>) => {
      const response = await post(cookie, {
        ...validTruck,
        truckName,
        availabilityDate: '2026-12-08',
        ...fields,
      });
      ids.set(truckName, response.json().data?.id ?? response.json().id);
    };
    await truck('Joliet Heading', { truckCity: 'Joliet' });
    await truck('Chicago Anywhere', { preferedState: '', preferedCity: '', availabilityDate: '2026-12-10' });
    await truck('Chicago Fort Worth Early', { preferedCity: 'Fort Worth', availabilityDate: '2026-12-05' });
    await truck('Chicago Dallas Day Before', { availabilityDate: '2026-12-09' });
    await truck('Hopper', { trailerType: 'HIGH_SIDED_HOPPER', availabilityDate: '2026-12-09' });
    await truck('Too Late', { availabilityDate: '2026-12-11' });
    await truck('Indianapolis', { truckState: 'IN', truckCity: 'Indianapolis' });
    await truck('Heading Atlanta', { preferedState: 'GA', preferedCity: 'Atlanta' });
    await truck('Unavailable', { status: false });
    const load = await post(
      cookie,
      {
        ...validLoad,
        trailerType: 'FLATBED',
        originState: 'IL',
        originCity: 'Chicago',
        destinationState: 'TX',
        destinationCity: 'Dallas',
        availabilityDate: '2026-12-10',
      },
      'loads',
    );
    loadId = load.json().data?.id ?? load.json().id;
    await post(
      cookie,
      {
        ...validLoad,
        customerName: 'Atlanta bound',
        trailerType: 'FLATBED',
        originState: 'IL',
        originCity: 'Chicago',
        destinationState: 'GA',
        destinationCity: 'Atlanta',
        availabilityDate: '2026-12-10',
      },
      'loads',
    );
    owner = cookie;
  });

  it("ranks a load's trucks: deadhead, then heading there, then the availability nearest its date; leaves out the rest", async () => {
    const response = await get(owner, `/api/v1/loads/${loadId}/matches`);
    expect(response.statusCode, response.body).toBe(200);
    const body = matchesAnswerSchema.parse(response.json());
    expect(names(body)).toEqual([
      'Chicago Dallas Day Before',
      'Chicago Fort Worth Early',
      'Chicago Anywhere',
      'Joliet Heading',
    ]);
    expect([body.totalCount, body.deadhead]).toEqual([4, 150]);
    expect(body.data.map((row) => row.daysBefore)).toEqual([1, 5, 0, 2]);
    expect(body.data[3]?.deadheadMiles).toBeCloseTo(
      tenth(haversineMiles(['IL', 'Chicago'], ['IL', 'Joliet'])),
      5,
    );
    expect(body.data[1]?.headingMiles).toBeCloseTo(
      tenth(haversineMiles(['TX', 'Dallas'], ['TX', 'Fort Worth'])),
      5,
    );
    expect(body.data[2]?.reasons.map((reason) => reason.code)).toEqual([
      'trailerType',
      'deadhead',
      'available',
      'anyDestination',
    ]);
    expect(body.data[0]?.reasons.map((reason) => reason.code)).toContain('heading');
    // A longer deadhead takes in Indianapolis, about 165 miles away.
    const wider = matchesAnswerSchema.parse(
      (await get(owner, `/api/v1/loads/${loadId}/matches`, { deadhead: '200' })).json(),
    );
    expect(names(wider).at(-1)).toBe('Indianapolis');
    expect(wider.data.at(-1)?.deadheadMiles).toBeCloseTo(
      tenth(haversineMiles(['IL', 'Chicago'], ['IN', 'Indianapolis'])),
      5,
    );
    // The first `limit` only, counted in all.
    const first = matchesAnswerSchema.parse(
      (await get(owner, `/api/v1/loads/${loadId}/matches`, { limit: '1' })).json(),
    );
    expect([names(first), first.totalCount]).toEqual([['Chicago Dallas Day Before'], 4]);
  });

  it("ranks a truck's loads, the mirror", async () => {
    const truckId = ids.get('Chicago Dallas Day Before');
    const body = matchesAnswerSchema.parse((await get(owner, `/api/v1/trucks/${truckId}/matches`)).json());
    expect(body.data.map((row) => (row as Row).load?.id)).toEqual([loadId]);
    const anywhere = matchesAnswerSchema.parse(
      (await get(owner, `/api/v1/trucks/${ids.get('Chicago Anywhere')}/matches`)).json(),
    );
    expect(anywhere.totalCount).toBe(2);
    const late = matchesAnswerSchema.parse(
      (await get(owner, `/api/v1/trucks/${ids.get('Too Late')}/matches`)).json(),
    );
    expect(late.data).toEqual([]);
  });

  it("answers another organization's posting as a missing one, and refuses a deadhead out of range", async () => {
    const theirs = await get(stranger, `/api/v1/loads/${loadId}/matches`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(`Load ${loadId} not found`);
    expect((await get(stranger, `/api/v1/trucks/${ids.get('Joliet Heading')}/matches`)).statusCode).toBe(404);
    const tooFar = await get(owner, `/api/v1/loads/${loadId}/matches`, { deadhead: '501' });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().errors).toEqual({ deadhead: ['Deadhead cannot be more than 500'] });
    // The stranger's own flatbed in Chicago heading to Dallas never shows on this organization's load.
    const mine = matchesAnswerSchema.parse(
      (await get(owner, `/api/v1/loads/${loadId}/matches`, { deadhead: '500' })).json(),
    );
    expect(names(mine)).not.toContain('Not Yours');
  });
});
