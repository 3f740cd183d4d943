import { MARGIN_FORBIDDEN_MESSAGE } from '@dispatch/domain';
import { placeOf } from '@dispatch/places';
import {
  command,
  join,
  ownerWithOrganization,
  requestsWith,
  startTestApp,
  type TestApp,
  validLoad,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Trip miles, rates per mile and the margin on the loads list (docs/decisions.md#trip-miles-rate-per-mile-and-margin):
 * the figures against ones worked out here, who sees the margin, and sorting and filtering by each.
 */

let app: TestApp;
let owner: string;
let plus: string;
let admin: string;
let member: string;

const inject = requestsWith(() => app);

/** The haversine distance in statute miles, written out here apart from the product's own. */
function haversineMiles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

const roadMiles = (from: [string, string], to: [string, string]) => {
  const a = placeOf(...from);
  const b = placeOf(...to);
  if (!a || !b) throw new Error('not in the gazetteer');
  return Math.round(haversineMiles(a, b) * 1.2);
};

type Row = Record<string, unknown> & { id: number; customerName: string };

// name → route and rates, as the expectations below read them.
const lanes = {
  chicagoDallas: {
    route: [
      ['IL', 'Chicago'],
      ['TX', 'Dallas'],
    ],
    rates: [2400, 'FLAT_RATE', 2000, 'FLAT_RATE'],
  },
  desMoinesOmaha: {
    route: [
      ['IA', 'Des Moines'],
      ['NE', 'Omaha'],
    ],
    rates: [45, 'TONS', 40, 'TONS'],
  },
  atlantaMiami: {
    route: [
      ['GA', 'Atlanta'],
      ['FL', 'Miami'],
    ],
    rates: [1800, 'FLAT_RATE', 30, 'TONS'],
  },
  offTheMap: {
    route: [
      ['TX', 'Nowhere Junction'],
      ['TX', 'Dallas'],
    ],
    rates: [1000, 'FLAT_RATE', 900, 'FLAT_RATE'],
  },
  losAngelesNewYork: {
    route: [
      ['CA', 'Los Angeles'],
      ['NY', 'New York'],
    ],
    rates: [null, 'FLAT_RATE', 5000, 'FLAT_RATE'],
  },
} as const;
type Lane = keyof typeof lanes;

let lastPosition = '0';

beforeAll(async () => {
  app = await startTestApp();
  const created = await ownerWithOrganization(app, 'miles-owner@example.com', 'Miles Freight');
  owner = created.cookie;
  const joined = await join(app, owner, 'miles-plus@example.com', 'member');
  await command(app, owner, 'update-member-role', { memberId: joined.memberId, role: 'memberPlus' });
  plus = joined.cookie;
  admin = (await join(app, owner, 'miles-admin@example.com', 'admin')).cookie;
  member = (await join(app, owner, 'miles-member@example.com', 'member')).cookie;
  for (const [name, { route, rates }] of Object.entries(lanes)) {
    const [[originState, originCity], [destinationState, destinationCity]] = route;
    const [rateForTitan, rateForTitanUnit, rateForCarrier, rateForCarrierUnit] = rates;
    const posted = await inject(owner, 'POST', '/api/v1/loads', {
      ...validLoad,
      customerName: name,
      originState,
      originCity,
      destinationState,
      destinationCity,
      rateForTitan,
      rateForTitanUnit,
      rateForCarrier,
      rateForCarrierUnit,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    lastPosition = posted.headers['x-event-position'] as string;
  }
  await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
});
afterAll(() => app.stop());

const list = (cookie: string, parameters = '') =>
  inject(cookie, 'GET', `/api/v1/loads?limit=100${parameters}`, undefined, {
    'x-min-position': lastPosition,
  });

async function rowsOf(cookie: string, parameters = '') {
  const response = await list(cookie, parameters);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Row[];
}

const byName = (rows: Row[]) =>
  Object.fromEntries(rows.map((row) => [row.customerName, row])) as Record<Lane, Row>;
const names = (rows: Row[]) => rows.map((row) => row.customerName);

describe('trip miles', () => {
  it('are the great-circle miles between the cities times 1.2, and none off the map', async () => {
    const rows = byName(await rowsOf(owner));
    const chicagoDallas = roadMiles(['IL', 'Chicago'], ['TX', 'Dallas']);
    expect(chicagoDallas).toBeGreaterThan(940);
    expect(chicagoDallas).toBeLessThan(985);
    expect(rows.chicagoDallas.tripMiles).toBe(chicagoDallas);
    expect(rows.desMoinesOmaha.tripMiles).toBe(roadMiles(['IA', 'Des Moines'], ['NE', 'Omaha']));
    expect(rows.atlantaMiami.tripMiles).toBe(roadMiles(['GA', 'Atlanta'], ['FL', 'Miami']));
    expect(rows.losAngelesNewYork.tripMiles).toBe(roadMiles(['CA', 'Los Angeles'], ['NY', 'New York']));
    expect(rows.offTheMap.tripMiles).toBeNull();
  });
});

describe('rates per mile', () => {
  it('are given for flat rates only, each rate its own', async () => {
    const rows = byName(await rowsOf(owner));
    const miles = rows.chicagoDallas.tripMiles as number;
    expect(rows.chicagoDallas).toMatchObject({
      ratePerMile: Math.round((2400 / miles) * 100) / 100,
      carrierRatePerMile: Math.round((2000 / miles) * 100) / 100,
    });
    expect(rows.desMoinesOmaha).toMatchObject({ ratePerMile: null, carrierRatePerMile: null });
    const atlanta = rows.atlantaMiami.tripMiles as number;
    expect(rows.atlantaMiami).toMatchObject({
      ratePerMile: Math.round((1800 / atlanta) * 100) / 100,
      carrierRatePerMile: null,
    });
    expect(rows.offTheMap).toMatchObject({ ratePerMile: null, carrierRatePerMile: null });
    const coast = rows.losAngelesNewYork.tripMiles as number;
    expect(rows.losAngelesNewYork).toMatchObject({
      ratePerMile: null,
      carrierRatePerMile: Math.round((5000 / coast) * 100) / 100,
    });
  });
});

describe('the margin', () => {
  it('is our rate minus the carrier rate in their unit, none when the units differ or a rate is missing', async () => {
    const rows = byName(await rowsOf(owner));
    expect(rows.chicagoDallas).toMatchObject({ margin: 400, marginUnit: 'FLAT_RATE' });
    expect(rows.desMoinesOmaha).toMatchObject({ margin: 5, marginUnit: 'TONS' });
    expect(rows.atlantaMiami).toMatchObject({ margin: null, marginUnit: null });
    expect(rows.offTheMap).toMatchObject({ margin: 100, marginUnit: 'FLAT_RATE' });
    expect(rows.losAngelesNewYork).toMatchObject({ margin: null, marginUnit: null });
  });

  it('is seen by owners, admins and Member+', async () => {
    for (const cookie of [owner, admin, plus]) {
      const rows = byName(await rowsOf(cookie));
      expect(rows.chicagoDallas).toMatchObject({ margin: 400, marginUnit: 'FLAT_RATE' });
      const one = await inject(cookie, 'GET', `/api/v1/loads/${rows.chicagoDallas.id}`);
      expect(one.json()).toMatchObject({
        margin: 400,
        marginUnit: 'FLAT_RATE',
        tripMiles: expect.any(Number),
      });
      expect((await list(cookie, '&orderBy=margin')).statusCode).toBe(200);
    }
  });

  it('is left out for a plain member, who may not sort or filter by it', async () => {
    const rows = await rowsOf(member);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row).not.toHaveProperty('margin');
      expect(row).not.toHaveProperty('marginUnit');
      // Both rates and the miles stay, as for everyone.
      expect(row).toHaveProperty('rateForCarrier');
      expect(row).toHaveProperty('tripMiles');
    }
    const one = await inject(member, 'GET', `/api/v1/loads/${byName(rows).chicagoDallas.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).not.toHaveProperty('margin');
    for (const parameters of ['&orderBy=margin', '&minMargin=0', '&maxMargin=100']) {
      const refused = await list(member, parameters);
      expect(refused.statusCode, parameters).toBe(403);
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'FORBIDDEN',
        message: MARGIN_FORBIDDEN_MESSAGE,
      });
    }
    const radius = await inject(
      member,
      'GET',
      '/api/v1/radius-search?searchType=loads&state=IL&city=Chicago&radius=50',
    );
    expect(radius.statusCode, radius.body).toBe(200);
    expect(radius.json().data.length).toBeGreaterThan(0);
    for (const result of radius.json().data) expect(result.load).not.toHaveProperty('margin');
    const byOwner = await inject(
      owner,
      'GET',
      '/api/v1/radius-search?searchType=loads&state=IL&city=Chicago&radius=50',
    );
    expect(byOwner.json().data[0].load).toMatchObject({ margin: 400 });
  });

  it('is a column of the CSV export for those who see it only', async () => {
    const exported = await inject(owner, 'GET', '/api/v1/loads/export.csv?orderBy=tripMiles&sort=asc');
    expect(exported.statusCode).toBe(200);
    const [header] = exported.body.split('\r\n');
    expect(header).toMatch(
      /,createdByName,createdByEmail,tripMiles,ratePerMile,carrierRatePerMile,margin,marginUnit$/,
    );
    const lines = exported.body.split('\r\n');
    const line = (name: string) => lines.find((text) => text.includes(`,${name},`));
    expect(line('desMoinesOmaha')).toMatch(
      new RegExp(`,${roadMiles(['IA', 'Des Moines'], ['NE', 'Omaha'])},,,5,TONS$`),
    );
    // Off the map: no miles, no rate per mile, a margin all the same.
    expect(line('offTheMap')).toMatch(/,,,,100,FLAT_RATE$/);
    const byMember = await inject(member, 'GET', '/api/v1/loads/export.csv');
    expect(byMember.statusCode).toBe(200);
    expect(byMember.body.split('\r\n')[0]).toMatch(/,tripMiles,ratePerMile,carrierRatePerMile$/);
    expect((await inject(member, 'GET', '/api/v1/loads/export.csv?orderBy=margin')).statusCode).toBe(403);
  });
});

describe('sorting and filtering', () => {
  const withFigure = (rows: Row[], field: string) => rows.filter((row) => row[field] != null);

  it.each(['tripMiles', 'ratePerMile', 'margin'])('sorts by %s both ways', async (field) => {
    for (const sort of ['asc', 'desc'] as const) {
      const rows = await rowsOf(owner, `&orderBy=${field}&sort=${sort}`);
      const figures = withFigure(rows, field).map((row) => row[field] as number);
      expect(figures.length).toBeGreaterThan(1);
      const sorted = [...figures].sort((a, b) => (sort === 'asc' ? a - b : b - a));
      expect(figures, `${field} ${sort}`).toEqual(sorted);
      // Loads without the figure are kept together at one end.
      const missing = rows.map((row) => row[field] == null);
      const firstMissing = missing.indexOf(true);
      if (firstMissing >= 0) {
        const together =
          missing.slice(firstMissing).every(Boolean) ||
          missing.slice(0, missing.lastIndexOf(true) + 1).every(Boolean);
        expect(together).toBe(true);
      }
    }
  });

  it('filters by a range of trip miles, rate per mile and margin, the ends included', async () => {
    const rows = byName(await rowsOf(owner));
    const dallas = rows.chicagoDallas.tripMiles as number;
    expect(names(await rowsOf(owner, `&minTripMiles=${dallas}&maxTripMiles=${dallas}`))).toEqual([
      'chicagoDallas',
    ]);
    expect(names(await rowsOf(owner, '&maxTripMiles=200'))).toEqual(['desMoinesOmaha']);
    expect(names(await rowsOf(owner, '&minTripMiles=2000'))).toEqual(['losAngelesNewYork']);
    const perMile = rows.atlantaMiami.ratePerMile as number;
    const atLeast = (Object.keys(lanes) as Lane[]).filter(
      (name) => ((rows[name].ratePerMile as number | null) ?? -1) >= perMile,
    );
    expect(atLeast).toContain('atlantaMiami');
    expect(new Set(names(await rowsOf(owner, `&minRatePerMile=${perMile}`)))).toEqual(new Set(atLeast));
    expect(names(await rowsOf(owner, `&minRatePerMile=${perMile}&maxRatePerMile=${perMile}`))).toEqual([
      'atlantaMiami',
    ]);
    expect(new Set(names(await rowsOf(owner, '&minRatePerMile=0')))).toEqual(
      new Set(['chicagoDallas', 'atlantaMiami']),
    );
    expect(new Set(names(await rowsOf(owner, '&minMargin=5&maxMargin=100')))).toEqual(
      new Set(['desMoinesOmaha', 'offTheMap']),
    );
    expect(names(await rowsOf(plus, '&minMargin=101'))).toEqual(['chicagoDallas']);
    // A member may filter by the miles and the rate per mile.
    expect(names(await rowsOf(member, '&maxTripMiles=200&orderBy=tripMiles'))).toEqual(['desMoinesOmaha']);
  });

  it('refuses a figure that is not a number, and an order it does not know', async () => {
    for (const [parameters, field, message] of [
      ['&minTripMiles=abc', 'minTripMiles', 'Minimum trip miles must be a number'],
      ['&maxRatePerMile=1e3', 'maxRatePerMile', 'Maximum rate per mile must be a number'],
      ['&minTripMiles=-5', 'minTripMiles', 'Minimum trip miles must be at least 0'],
      ['&minMargin=0x10', 'minMargin', 'Minimum margin must be a number'],
    ]) {
      const refused = await list(owner, parameters);
      expect(refused.statusCode, parameters).toBe(400);
      expect(refused.json().errors[field as string]).toEqual([message]);
    }
    const unknown = await list(owner, '&orderBy=deadhead');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.orderBy[0]).toContain('tripMiles, ratePerMile, margin');
  });
});
