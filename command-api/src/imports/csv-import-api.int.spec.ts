import {
  CSV_IMPORT_ROWS_MAX,
  csvMalformedLineMessage,
  RATE_MESSAGE,
  US_PHONE_MESSAGE,
} from '@dispatch/domain';
import {
  eventsSince,
  join,
  ownerWithOrganization,
  query,
  requestsWith,
  startTestApp,
  type TestApp,
  validLoad,
  validTruck,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Posting trucks and loads from a CSV file, through the command and query APIs: the preview checks
 * every row with the post form's schema (the spec's messages), the import posts the valid rows through
 * the normal command, each once per organization, and a refused file writes nothing.
 */

let app: TestApp;
let alice: Awaited<ReturnType<typeof ownerWithOrganization>>;
let bob: Awaited<ReturnType<typeof ownerWithOrganization>>;

beforeAll(async () => {
  app = await startTestApp();
  alice = await ownerWithOrganization(app, 'alice.csv@example.com', 'Alice Imports');
  bob = await ownerWithOrganization(app, 'bob.csv@example.com', 'Bob Imports');
});
afterAll(() => app.stop());

const inject = requestsWith(() => app);
const send = (cookie: string, path: string, csv: unknown) =>
  inject(cookie, 'POST', path, { csv }, { origin: app.url });

const quoted = (value: unknown) => `"${String(value ?? '').replaceAll('"', '""')}"`;
/** A CSV file: the header, then one line per row (each a record of the header's fields). */
const csvFile = (header: string[], rows: Record<string, unknown>[]) =>
  [header.join(','), ...rows.map((row) => header.map((field) => quoted(row[field])).join(','))]
    .map((line) => `${line}\r\n`)
    .join('');

const truckHeader = Object.keys(validTruck);
const loadHeader = Object.keys(validLoad);

const boardOf = async (cookie: string, kind: 'trucks' | 'loads') => {
  await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 10_000);
  return (await query(app, cookie, `/api/v1/${kind}?limit=100`)).json();
};

describe('POST /api/v1/trucks/import/preview', () => {
  it('checks every row with the post form schema, in the spec words, and writes nothing', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    const file = csvFile(
      [...truckHeader, 'id', 'createdBy', 'createdAt'],
      [
        { ...validTruck, id: 17, createdBy: 'someone', createdAt: 'whenever' },
        { ...validTruck, truckName: 'x'.repeat(51), dispatcherMobileNumber: '12' },
        { ...validTruck, trailerType: '', truckCity: ' ', status: 'maybe', dispatcherEmail: 'not-an-email' },
        { ...validTruck, availabilityDate: '2026-02-30', direction: 'UP' },
      ],
    );
    const response = await send(alice.cookie, '/api/v1/trucks/import/preview', file);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({ success: true, validCount: 1, invalidCount: 3 });
    expect(preview.rows.map((row: { line: number }) => row.line)).toEqual([2, 3, 4, 5]);
    expect(preview.rows[0]).toMatchObject({ valid: true, errors: {}, values: { truckName: 'Big Blue' } });
    // Columns the form does not take are ignored, not shown as the row's values.
    expect(preview.rows[0].values).not.toHaveProperty('id');
    expect(preview.rows[1]).toMatchObject({
      valid: false,
      errors: {
        truckName: ['Truck name cannot be more than 50 characters'],
        dispatcherMobileNumber: [US_PHONE_MESSAGE],
      },
    });
    expect(preview.rows[2].errors).toEqual({
      trailerType: ['Trailer type is required'],
      truckCity: ['Truck city is required'],
      status: ['Status must be true or false'],
      dispatcherEmail: ['Enter a valid email address'],
    });
    expect(preview.rows[3].errors).toEqual({
      direction: [
        'Direction must be one of NORTH, NORTH_EAST, EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, WEST, NORTH_WEST',
      ],
      availabilityDate: ['Availability date must be a real date between 1970 and 2200'],
    });
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
  });

  it('refuses a header that misses required columns, naming them, and writes nothing', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    const header = truckHeader.filter((field) => !['truckName', 'dispatcherEmail'].includes(field));
    for (const path of ['/api/v1/trucks/import/preview', '/api/v1/trucks/import']) {
      const response = await send(alice.cookie, path, csvFile(header, [validTruck]));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Invalid body parameters',
        errors: { csv: ['The header misses the required columns truckName, dispatcherEmail'] },
      });
    }
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
  });

  it('refuses a file that is not CSV, empty, without rows, or too long, saying why', async () => {
    const cases: [unknown, string][] = [
      [`"${truckHeader.join(',')}\nBig Blue,FLATBED\n`, 'The file is not valid CSV: Quote Not Closed'],
      ['', 'The file is empty'],
      [`${truckHeader.join(',')}\r\n\r\n,,,\r\n`, 'The file has no rows below its header'],
      [42, 'Choose a CSV file'],
      [
        `${truckHeader.join(',')}\n${'1\n'.repeat(CSV_IMPORT_ROWS_MAX + 1)}`,
        'A file can hold at most 10,000 rows; this one has 10,001. Split it into smaller files',
      ],
    ];
    for (const [csv, message] of cases) {
      const response = await send(alice.cookie, '/api/v1/trucks/import/preview', csv);
      expect(response.statusCode, String(csv).slice(0, 40)).toBe(400);
      expect(response.json().errors.csv[0]).toContain(message);
    }
  });

  it('says the limit of a file larger than the 1 MB a request may carry', async () => {
    const big = csvFile(truckHeader, [{ ...validTruck, notes: 'n'.repeat(1024 * 1024) }]);
    const response = await send(alice.cookie, '/api/v1/trucks/import/preview', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().errors.body).toEqual(['The request body cannot be more than 1 MB']);
  });

  it('reads headers in any case, a byte order mark, LF line ends and quoted line breaks', async () => {
    const file = `\uFEFF${truckHeader.map((field) => ` ${field.toUpperCase()} `).join(',')}\n${truckHeader
      .map((field) =>
        quoted(field === 'notes' ? 'line one\nline two' : validTruck[field as keyof typeof validTruck]),
      )
      .join(
        ',',
      )}\n${truckHeader.map((field) => quoted(validTruck[field as keyof typeof validTruck])).join(',')}\n`;
    const preview = (await send(alice.cookie, '/api/v1/trucks/import/preview', file)).json();
    expect(preview.rows.map((row: { line: number; valid: boolean }) => [row.line, row.valid])).toEqual([
      [2, true],
      [4, true],
    ]);
    expect(preview.rows[0].values.notes).toBe('line one\nline two');
  });

  it('needs a session and a trusted origin', async () => {
    const file = csvFile(truckHeader, [validTruck]);
    const anonymous = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks/import/preview',
      headers: { origin: app.url },
      payload: { csv: file },
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await inject(
      alice.cookie,
      'POST',
      '/api/v1/trucks/import',
      { csv: file },
      {
        origin: 'https://evil.example',
      },
    );
    expect(foreign.statusCode).toBe(403);
  });
});

describe('POST /api/v1/trucks/import', () => {
  const rows = [
    { ...validTruck, truckName: 'Import One', truckCity: 'Peoria' },
    { ...validTruck, truckName: '', dispatcherMobileNumber: 'call me' },
    { ...validTruck, truckName: 'Import Two', status: 'false', dispatcherCountryCode: "'+1" },
    { ...validTruck, truckName: 'Import Twin' },
    // The same truck twice in one file is two trucks.
    { ...validTruck, truckName: 'Import Twin' },
  ];
  const file = csvFile(truckHeader, rows);
  let firstIds: number[] = [];

  it('posts the valid rows through the normal command, each with its own events, and nothing for an invalid one', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    const response = await send(alice.cookie, '/api/v1/trucks/import', file);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.posted.map((row: { line: number }) => row.line)).toEqual([2, 4, 5, 6]);
    expect(answer.skipped).toEqual([]);
    expect(answer.invalid).toEqual([
      {
        line: 3,
        errors: { truckName: ['Truck name is required'], dispatcherMobileNumber: [US_PHONE_MESSAGE] },
      },
    ]);
    firstIds = answer.posted.map((row: { id: number }) => row.id);
    expect(new Set(firstIds).size).toBe(4);
    expect(BigInt(response.headers['x-event-position'] as string)).toBeGreaterThan(before);

    const written = await eventsSince(app, before);
    const posted = written.filter((event) => event.type === 'TruckPosted');
    expect(posted.map((event) => event.streamId).sort()).toEqual(firstIds.map((id) => `truck-${id}`).sort());
    for (const event of posted) expect(event.metadata.orgId).toBe(alice.organization.id);
    expect(written.filter((event) => event.type === 'CsvImportRowReserved')).toHaveLength(4);

    const board = await boardOf(alice.cookie, 'trucks');
    const imported = board.data.filter((truck: { id: number }) => firstIds.includes(truck.id));
    expect(imported.map((truck: { truckName: string }) => truck.truckName).sort()).toEqual([
      'Import One',
      'Import Twin',
      'Import Twin',
      'Import Two',
    ]);
    // The export's quote mark before a formula-like cell is taken off; "false" is the status.
    expect(imported.find((truck: { truckName: string }) => truck.truckName === 'Import Two')).toMatchObject({
      status: false,
      dispatcherCountryCode: '+1',
    });
    // Each truck has its history, as one posted by hand.
    const history = await query(app, alice.cookie, `/api/v1/trucks/${firstIds[0]}/history`);
    expect(history.json().data.map((entry: { type: string }) => entry.type)).toEqual(['TruckPosted']);
  });

  it('posts nothing twice when the same file is imported again: those rows are already imported', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    const answer = (await send(alice.cookie, '/api/v1/trucks/import', file)).json();
    expect(answer.posted).toEqual([]);
    expect(answer.skipped).toEqual(
      [2, 4, 5, 6].map((line, index) => ({ line, id: firstIds[index], reason: 'Already imported' })),
    );
    expect(answer.invalid).toHaveLength(1);
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
  });

  it('recognizes the same rows typed differently (spaces, defaults left out) and posts only new ones', async () => {
    const respaced = [
      { ...rows[0], truckName: '  Import One  ', status: '', dispatcherCountryCode: '' },
      { ...validTruck, truckName: 'Import Three' },
    ];
    const answer = (await send(alice.cookie, '/api/v1/trucks/import', csvFile(truckHeader, respaced))).json();
    expect(answer.skipped).toEqual([{ line: 2, id: firstIds[0], reason: 'Already imported' }]);
    expect(answer.posted).toHaveLength(1);
  });

  it('imports into the caller organization only: another one posts its own trucks from the same file', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    const answer = (await send(bob.cookie, '/api/v1/trucks/import', file)).json();
    expect(answer.posted).toHaveLength(4);
    expect(
      answer.posted.map((row: { id: number }) => row.id).some((id: number) => firstIds.includes(id)),
    ).toBe(false);
    const written = await eventsSince(app, before);
    expect(written.every((event) => event.metadata.orgId === bob.organization.id)).toBe(true);
    const bobs = await boardOf(bob.cookie, 'trucks');
    expect(bobs.totalCount).toBe(4);
    const alices = await boardOf(alice.cookie, 'trucks');
    expect(
      alices.data.some((truck: { id: number }) =>
        answer.posted.some((row: { id: number }) => row.id === truck.id),
      ),
    ).toBe(false);
  });

  it('is open to every member, as posting is', async () => {
    const member = await join(app, alice.cookie, 'mia.csv@example.com');
    const answer = await send(
      member.cookie,
      '/api/v1/trucks/import',
      csvFile(truckHeader, [{ ...validTruck, truckName: 'By a member' }]),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().posted).toHaveLength(1);
  });

  it('imports a file the trucks export wrote, into another organization, with the same values', async () => {
    const carol = await ownerWithOrganization(app, 'carol.csv@example.com', 'Carol Imports');
    const exported = await query(app, alice.cookie, '/api/v1/trucks/export.csv');
    expect(exported.statusCode).toBe(200);
    const answer = (await send(carol.cookie, '/api/v1/trucks/import', exported.body)).json();
    const source = await boardOf(alice.cookie, 'trucks');
    expect(answer.invalid).toEqual([]);
    expect(answer.posted).toHaveLength(source.totalCount);
    const copy = await boardOf(carol.cookie, 'trucks');
    const comparable = (truck: Record<string, unknown>) => {
      const {
        id: _id,
        createdBy: _c,
        updatedBy: _u,
        createdAt: _ca,
        updatedAt: _ua,
        version: _v,
        // When each was posted: the copy is posted later, its age counts from then.
        postedAt: _pa,
        refreshedAt: _ra,
        ...rest
      } = truck;
      return JSON.stringify(rest);
    };
    expect(copy.data.map(comparable).sort()).toEqual(source.data.map(comparable).sort());
  });
});

describe('POST /api/v1/loads/import', () => {
  it('previews loads with the load form messages and imports the valid ones once', async () => {
    const file = csvFile(loadHeader, [
      validLoad,
      { ...validLoad, rateForTitan: '-3', product: 'GRAVEL', customerEmail: 'nope' },
    ]);
    const preview = (await send(alice.cookie, '/api/v1/loads/import/preview', file)).json();
    expect(preview).toMatchObject({ validCount: 1, invalidCount: 1 });
    expect(preview.rows[1].errors).toEqual({
      product: ['Product must be one of HEAVY, LIGHT'],
      rateForTitan: [RATE_MESSAGE],
      customerEmail: ['Enter a valid email address'],
    });
    const first = (await send(alice.cookie, '/api/v1/loads/import', file)).json();
    expect(first.posted).toHaveLength(1);
    expect(first.invalid).toHaveLength(1);
    const again = (await send(alice.cookie, '/api/v1/loads/import', file)).json();
    expect(again.posted).toEqual([]);
    expect(again.skipped).toEqual([{ line: 2, id: first.posted[0].id, reason: 'Already imported' }]);
    // The query side answers once the projector has the import (the web app sends minPosition for it).
    await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 10_000);
    const load = await query(app, alice.cookie, `/api/v1/loads/${first.posted[0].id}`);
    expect(load.json()).toMatchObject({
      customerName: 'Prairie Grain Co.',
      rateForTitan: 3.25,
      customerMobileNumber: '5155550123',
    });
  });

  it('refuses a loads file without the loads required columns', async () => {
    const response = await send(alice.cookie, '/api/v1/loads/import', csvFile(truckHeader, [validTruck]));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.csv[0]).toBe(
      'The header misses the required columns originState, originCity, destinationState, destinationCity, product, rateForTitanUnit, rateForCarrierUnit',
    );
  });
});

describe('rows already on the board, and lines that are not CSV', () => {
  let dora: Awaited<ReturnType<typeof ownerWithOrganization>>;
  let boardIds: number[] = [];
  const posted = [
    { ...validTruck, truckName: 'Board One' },
    { ...validTruck, truckName: 'Board Two', status: 'false' },
  ];

  beforeAll(async () => {
    dora = await ownerWithOrganization(app, 'dora.csv@example.com', 'Dora Imports');
    const answer = (await send(dora.cookie, '/api/v1/trucks/import', csvFile(truckHeader, posted))).json();
    boardIds = answer.posted.map((row: { id: number }) => row.id);
    await boardOf(dora.cookie, 'trucks');
  });

  it('marks every row of a file the board exported as already on it, and the import posts none of them', async () => {
    const exported = (await query(app, dora.cookie, '/api/v1/trucks/export.csv')).body;
    const preview = (await send(dora.cookie, '/api/v1/trucks/import/preview', exported)).json();
    expect(preview).toMatchObject({ validCount: 2, invalidCount: 0, onBoardCount: 2 });
    const byId = (left: { id: number }, right: { id: number }) => left.id - right.id;
    expect(preview.rows.map((row: { onBoard: { id: number } }) => row.onBoard).sort(byId)).toEqual(
      boardIds.map((id) => ({ id, by: 'id' })).sort(byId),
    );
    const before = await app.infrastructure.eventStore.headPosition();
    const answer = (await send(dora.cookie, '/api/v1/trucks/import', exported)).json();
    expect(answer.posted).toEqual([]);
    expect(answer.skipped.map((row: { id: number; reason: string }) => [row.id, row.reason]).sort()).toEqual(
      boardIds.map((id) => [id, 'Already on the board']).sort(),
    );
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
    // Another organization's board is not the caller's: the same file is new there.
    const elsewhere = (await send(bob.cookie, '/api/v1/trucks/import/preview', exported)).json();
    expect(elsewhere.onBoardCount).toBe(0);
  });

  it('marks a row without an id that holds the values of a posting on the board', async () => {
    const file = csvFile(truckHeader, [
      { ...validTruck, truckName: '  Board Two ', status: 'FALSE' },
      { ...validTruck, truckName: 'Board Three' },
    ]);
    const preview = (await send(dora.cookie, '/api/v1/trucks/import/preview', file)).json();
    expect(preview.rows.map((row: { line: number; onBoard: unknown }) => [row.line, row.onBoard])).toEqual([
      [2, { id: boardIds[1], by: 'fields' }],
      [3, null],
    ]);
    expect(preview.onBoardCount).toBe(1);
  });

  it('reports a line that is not CSV with its line number and previews the rest of the file', async () => {
    const good = csvFile(truckHeader, [{ ...validTruck, truckName: 'Around One' }]).split('\r\n');
    const bad = truckHeader.map((field) => (field === 'truckName' ? 'Big "Blue" Rig' : 'x')).join(',');
    const file = [good[0], good[1], bad, good[1]?.replace('Around One', 'Around Two'), ''].join('\r\n');
    const response = await send(dora.cookie, '/api/v1/trucks/import/preview', file);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({ validCount: 2, invalidCount: 1 });
    expect(preview.rows.map((row: { line: number; valid: boolean }) => [row.line, row.valid])).toEqual([
      [2, true],
      [3, false],
      [4, true],
    ]);
    expect(preview.rows[1].errors).toEqual({ csv: [csvMalformedLineMessage('Invalid Opening Quote')] });
    const answer = (await send(dora.cookie, '/api/v1/trucks/import', file)).json();
    expect(answer.invalid).toEqual([
      { line: 3, errors: { csv: [csvMalformedLineMessage('Invalid Opening Quote')] } },
    ]);
    expect(answer.posted.map((row: { line: number }) => row.line)).toEqual([2, 4]);
  });
});
