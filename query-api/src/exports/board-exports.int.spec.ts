import {
  ENVELOPE_CSV_HEADER,
  envelopeCsvColumns,
  LOAD_CSV_HEADER,
  loadCsvColumns,
  radiusTruckCsvColumns,
  TRUCK_CSV_HEADER,
  truckCsvColumns,
} from '@dispatch/domain';
import {
  EnvelopeHistory,
  join,
  ownerWithOrganization,
  PostingHistory,
  query,
  startTestApp,
  type TestApp,
  validTruck,
} from '@dispatch/test-kit';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The lists as CSV files: every page, the list's own filters, order and `asOf`, the records' field
 * names as columns, formulas defused, the session's organization only.
 */

let app: TestApp;
let alice: Awaited<ReturnType<typeof ownerWithOrganization>>;
let bob: Awaited<ReturnType<typeof ownerWithOrganization>>;
let beforeEdits: string;
const A = 'dispatcher-a';
const BULK = 1050;
const minute = (n: number) => new Date(Date.UTC(2026, 2, 1, 8) + n * 60_000).toISOString();

beforeAll(async () => {
  app = await startTestApp();
  alice = await ownerWithOrganization(app, 'alice.exports@example.com', 'Alice Exports');
  bob = await ownerWithOrganization(app, 'bob.exports@example.com', 'Bob Exports');
  const board = new PostingHistory(app, alice.organization.id);
  // More trucks than two pages of the export (500 each): it reads every page.
  for (let n = 0; n < BULK; n++)
    await board.postTruck(500_000 + n, { truckName: `Bulk ${n}`, truckCity: 'Chicago' }, minute(n), A);
  await board.postTruck(
    600_001,
    {
      truckName: '=HYPERLINK("http://x")',
      trailerType: 'LOW_SIDED_HOPPER',
      truckState: 'WI',
      truckCity: 'Milwaukee',
      notes: 'line one\nline two, with a comma',
      status: false,
    },
    minute(BULK + 1),
    A,
  );
  await board.postTruck(
    600_002,
    { truckName: 'Hopper Two', trailerType: 'HIGH_SIDED_HOPPER' },
    minute(BULK + 2),
    A,
  );
  await board.postLoad(700_001, { customerName: 'Prairie Grain', rateForTitan: '3.25' }, minute(BULK + 3), A);
  await board.postLoad(700_002, { product: 'LIGHT', customerName: '@Light Grain' }, minute(BULK + 4), A);
  beforeEdits = minute(BULK + 5);
  await board.updateTruck(600_002, { truckName: 'Hopper Renamed' }, minute(BULK + 6), A);
  await board.removeTruck(500_000, minute(BULK + 7), A);
  const envelopes = new EnvelopeHistory(app, alice.organization.id);
  await envelopes.send({ receiverName: 'Olga Onboard' }, minute(BULK + 8), alice.organization.id);
  await new PostingHistory(app, bob.organization.id).postTruck(
    800_001,
    { truckName: 'Bob Rig' },
    minute(5),
    'bob',
  );
  await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 30_000);
}, 120_000);
afterAll(() => app.stop());

const csvRows = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

async function exportOf(path: string, cookie = alice.cookie) {
  const response = await fetchCsv(path, cookie);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return { response, rows: csvRows(response.body), text: response.body };
}

const fetchCsv = (path: string, cookie: string) => query(app, cookie, path);

async function listIds(path: string, pages: number) {
  const ids: number[] = [];
  for (let page = 0; page < pages; page++) {
    const answer = (
      await query(app, alice.cookie, `${path}${path.includes('?') ? '&' : '?'}limit=100&page=${page}`)
    ).json();
    ids.push(...answer.data.map((row: { id: number }) => row.id));
    if (answer.data.length < 100) break;
  }
  return ids;
}

describe('GET /api/v1/trucks/export.csv', () => {
  it('streams every truck of the board, through every page, in the list order, as a file', async () => {
    const url = await startListening();
    const response = await fetch(`${url}/api/v1/trucks/export.csv`, { headers: { cookie: alice.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="trucks-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const text = await response.text();
    expect(text.startsWith(`${TRUCK_CSV_HEADER},createdByName,createdByEmail\r\n`)).toBe(true);
    const rows = csvRows(text);
    expect(Object.keys(rows[0] ?? {})).toEqual([...truckCsvColumns, 'createdByName', 'createdByEmail']);
    // The bulk trucks less the removed one, and the two others.
    expect(rows).toHaveLength(BULK - 1 + 2);
    expect(rows.map((row) => Number(row.id))).toEqual(await listIds('/api/v1/trucks', 20));
  });

  it('takes the list filters and order, and defuses formulas', async () => {
    const { rows } = await exportOf(
      '/api/v1/trucks/export.csv?trailerType=LOW_SIDED_HOPPER&search=hyperlink',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: '600001',
      // A cell a spreadsheet would run as a formula starts with a quote mark (the import takes it off);
      // a country code, only a signed number, is written as it is.
      truckName: `'=HYPERLINK("http://x")`,
      dispatcherCountryCode: '+1',
      status: 'false',
      notes: 'line one\nline two, with a comma',
      truckCity: 'Milwaukee',
      availabilityDate: '2026-02-01T00:00:00.000Z',
      direction: '',
      createdBy: A,
      // Not a user the organization knows: no name nor e-mail.
      createdByName: '',
      createdByEmail: '',
    });
    const oldest = await exportOf('/api/v1/trucks/export.csv?orderBy=createdAt&sort=asc&search=bulk');
    expect(oldest.rows.slice(0, 2).map((row) => row.truckName)).toEqual(['Bulk 1', 'Bulk 2']);
    expect(oldest.rows.map((row) => Number(row.id))).toEqual(
      await listIds('/api/v1/trucks?orderBy=createdAt&sort=asc&search=bulk', 20),
    );
    const dated = await exportOf(
      `/api/v1/trucks/export.csv?startDate=${encodeURIComponent(minute(BULK))}&dateField=createdAt`,
    );
    expect(dated.rows.map((row) => row.id).sort()).toEqual(['600001', '600002']);
  });

  it('answers as of a moment: the board as it was, read only', async () => {
    const { response, rows } = await exportOf(
      `/api/v1/trucks/export.csv?asOf=${encodeURIComponent(beforeEdits)}&search=hopper`,
    );
    // 1,055 minutes after 08:00 on March 1st (UTC).
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="trucks-as-of-2026-03-02-0135.csv"',
    );
    expect(rows.map((row) => row.truckName)).toEqual(['Hopper Two']);
    const removed = await exportOf(
      `/api/v1/trucks/export.csv?asOf=${encodeURIComponent(beforeEdits)}&search=Bulk%200`,
    );
    expect(removed.rows.map((row) => row.id)).toContain('500000');
    const now = await exportOf('/api/v1/trucks/export.csv?search=hopper');
    expect(now.rows.map((row) => row.truckName)).toEqual(['Hopper Renamed']);
  });

  it('refuses paging and what the list refuses, with field messages', async () => {
    for (const bad of ['limit=10', 'page=2', 'trailerType=BOAT', 'asOf=yesterday']) {
      const response = await query(app, alice.cookie, `/api/v1/trucks/export.csv?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('holds the session organization only', async () => {
    const { rows, text } = await exportOf('/api/v1/trucks/export.csv', bob.cookie);
    expect(rows.map((row) => row.truckName)).toEqual(['Bob Rig']);
    expect(text).not.toContain('Bulk');
    expect((await query(app, '', '/api/v1/trucks/export.csv')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/loads/export.csv', () => {
  it('streams the loads with their columns, filters and formulas defused', async () => {
    const { text, rows } = await exportOf('/api/v1/loads/export.csv');
    // The owner sees the margin: it follows the miles and the rates per mile.
    const worked = 'tripMiles,ratePerMile,carrierRatePerMile,margin,marginUnit';
    expect(text.startsWith(`${LOAD_CSV_HEADER},createdByName,createdByEmail,${worked}\r\n`)).toBe(true);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      ...loadCsvColumns,
      'createdByName',
      'createdByEmail',
      ...worked.split(','),
    ]);
    expect(rows.map((row) => row.customerName)).toEqual(["'@Light Grain", 'Prairie Grain']);
    expect(rows[1]).toMatchObject({ rateForTitan: '3.25', rateForCarrier: '', product: 'HEAVY' });
    const light = await exportOf('/api/v1/loads/export.csv?product=LIGHT');
    expect(light.rows.map((row) => row.id)).toEqual(['700002']);
    expect((await exportOf('/api/v1/loads/export.csv', bob.cookie)).rows).toEqual([]);
  });
});

describe('GET /api/v1/radius-search/export.csv', () => {
  it('streams every result, nearest first, with the distance and direction from the city', async () => {
    const { response, rows } = await exportOf(
      '/api/v1/radius-search/export.csv?state=WI&city=Milwaukee&radius=150&trailerType=LOW_SIDED_HOPPER,FLATBED',
    );
    expect(response.headers['content-disposition']).toMatch(
      /filename="radius-trucks-milwaukee-wi-150mi-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(Object.keys(rows[0] ?? {})).toEqual([...radiusTruckCsvColumns, 'createdByName', 'createdByEmail']);
    expect(rows).toHaveLength(BULK - 1 + 1);
    expect(rows[0]).toMatchObject({ id: '600001', distanceMiles: '0', directionFromCity: '' });
    expect(rows[1]).toMatchObject({ truckCity: 'Chicago', directionFromCity: 'SOUTH' });
    const distances = rows.map((row) => Number(row.distanceMiles));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('refuses a city the map does not know, like the search', async () => {
    const response = await query(
      app,
      alice.cookie,
      '/api/v1/radius-search/export.csv?state=IL&city=Nowhereville&radius=50',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ city: ['City not found in IL'] });
  });
});

describe('GET /api/v1/envelopes/export.csv', () => {
  it('streams the envelopes for sign-pro roles, and refuses a plain member as the list does', async () => {
    const { text, rows } = await exportOf('/api/v1/envelopes/export.csv?type=driver');
    expect(text.startsWith(`${ENVELOPE_CSV_HEADER}\r\n`)).toBe(true);
    expect(Object.keys(rows[0] ?? {})).toEqual([...envelopeCsvColumns]);
    expect(rows.map((row) => [row.receiverName, row.envelopeStatus, row.isActive])).toEqual([
      ['Olga Onboard', 'sent', 'true'],
    ]);
    expect((await exportOf('/api/v1/envelopes/export.csv?type=client')).rows).toEqual([]);
    const member = await join(app, alice.cookie, 'mo.exports@example.com');
    expect((await query(app, member.cookie, '/api/v1/envelopes/export.csv')).statusCode).toBe(403);
  });
});

describe('the creator of a posting', () => {
  it('is written by name and e-mail beside the id, and a signed number is no formula', async () => {
    const carol = await ownerWithOrganization(app, 'carol.exports@example.com', 'Carol Exports');
    const posted = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { cookie: carol.cookie, origin: app.url },
      payload: { ...validTruck, truckName: 'Carol Rig', unitNumber: '-12', notes: '-2+3+cmd' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 10_000);
    for (const path of [
      '/api/v1/trucks/export.csv',
      '/api/v1/radius-search/export.csv?state=IL&city=Chicago&radius=50',
    ]) {
      const { rows } = await exportOf(path, carol.cookie);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.createdBy).toMatch(/\S/);
      expect(rows[0]).toMatchObject({
        truckName: 'Carol Rig',
        createdByName: 'Olive Owner',
        createdByEmail: 'carol.exports@example.com',
        dispatcherCountryCode: '+1',
        unitNumber: '-12',
        // Not only a number: a formula to a spreadsheet.
        notes: "'-2+3+cmd",
      });
    }
  });
});

/** The test app listening on a port, for a real streamed fetch (once). */
let listening: string | null = null;
async function startListening(): Promise<string> {
  if (listening) return listening;
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  listening = address;
  return address;
}
