import {
  join,
  ownerWithOrganization,
  PostingHistory,
  query,
  startTestApp,
  type TestApp,
  validTruck,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_CSV_HEADER, activityCsvColumns } from './activity-csv.ts';

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let ownerUserId: string;
let truckId: number;

/** Every record of an RFC 4180 text (quoted cells with doubled quotes, CRLF between records). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && char === '"') {
      quoted = false;
    } else if (quoted) {
      cell += char;
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else {
      cell += char;
    }
  }
  if (cell || record.length) records.push([...record, cell]);
  return records;
}

const rowsOf = (text: string) => {
  const [header, ...rows] = parseCsv(text);
  return { header, rows: rows.map((row) => Object.fromEntries(row.map((cell, i) => [header?.[i], cell]))) };
};

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  owner = await ownerWithOrganization(app, 'olive.export@example.com', 'Export Freight');
  ownerUserId = (await query(app, owner.cookie, '/api/v1/organization/get-active-member')).json().data.userId;
  const posted = await app.app.inject({
    method: 'POST',
    url: '/api/v1/trucks',
    headers: { cookie: owner.cookie, origin: app.url, 'user-agent': 'Export, "quoted" agent' },
    // A name a spreadsheet would run as a formula.
    payload: { ...validTruck, truckName: '=HYPERLINK("http://x")' },
  });
  truckId = posted.json().id;
  await app.app.inject({
    method: 'PATCH',
    url: `/api/v1/trucks/${truckId}`,
    headers: { cookie: owner.cookie, origin: app.url },
    payload: { truckCity: 'Peoria', notes: 'line one\nline two, with a comma' },
  });
  // More entries than one page of the export reads (500): the export goes through every page.
  const history = new PostingHistory(app, owner.organization.id);
  for (let n = 0; n < 1100; n++)
    await history.postTruck(700_000 + n, { truckName: `Bulk ${n}` }, '2026-05-01T10:00:00.000Z', ownerUserId);
  await app.projector.waitFor(history.position, 15_000);
});
afterAll(() => app.stop());

describe('GET /api/v1/activity/export.csv', () => {
  it('streams every entry as CSV, the header line first, newest first, through every page', async () => {
    const response = await fetch(`${app.url}/api/v1/activity/export.csv`, {
      headers: { cookie: owner.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // Streamed: sent in chunks as it is read, its length unknown up front.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    const text = await response.text();
    expect(text.startsWith(`${ACTIVITY_CSV_HEADER}\r\n`)).toBe(true);
    const { header, rows } = rowsOf(text);
    expect(header).toEqual([...activityCsvColumns]);
    // 1,100 bulk trucks, the truck's post and edit, the organization's creation and its first member.
    expect(rows).toHaveLength(1104);
    const positions = rows.map((row) => BigInt(row.position ?? '0'));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(new Set(positions).size).toBe(rows.length);
    expect(rows.at(-1)).toMatchObject({ type: 'OrganizationCreated', actorName: 'Olive Owner' });
  });

  it('writes each entry’s fields, its changes in one cell, quoting what needs it and defusing formulas', async () => {
    const text = await (
      await query(app, owner.cookie, `/api/v1/activity/export.csv?kind=truck&subject=${truckId}`)
    ).body;
    const { rows } = rowsOf(text);
    expect(rows.map((row) => row.type)).toEqual(['TruckUpdated', 'TruckPosted']);
    const [edit, post] = rows;
    expect(edit).toMatchObject({
      kind: 'truck',
      subjectId: String(truckId),
      actorId: ownerUserId,
      actorName: 'Olive Owner',
      ip: '127.0.0.1',
      userAgent: 'lightMyRequest',
      changes: 'truckCity: Chicago → Peoria; notes: (none) → line one\nline two, with a comma',
    });
    expect(edit?.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // A cell a spreadsheet would take for a formula starts with a quote mark.
    expect(edit?.subjectLabel).toBe(`'=HYPERLINK("http://x")`);
    expect(post?.userAgent).toBe('Export, "quoted" agent');
    expect(post?.changes).toContain('truckName: (none) → =HYPERLINK("http://x")');
  });

  it('takes the page’s filters: only the entries they match', async () => {
    const text = (await query(app, owner.cookie, '/api/v1/activity/export.csv?kind=member,organization'))
      .body;
    expect(rowsOf(text).rows.map((row) => row.type)).toEqual(['MemberAdded', 'OrganizationCreated']);
    const none = (await query(app, owner.cookie, '/api/v1/activity/export.csv?text=no%20such%20words')).body;
    expect(none).toBe(`${ACTIVITY_CSV_HEADER}\r\n`);
  });

  it('is for owners and admins of the session’s organization only', async () => {
    const admin = await join(app, owner.cookie, 'ada.export@example.com', 'admin');
    const adminsCopy = await query(app, admin.cookie, '/api/v1/activity/export.csv?kind=member');
    expect(adminsCopy.statusCode).toBe(200);
    const other = await ownerWithOrganization(app, 'stan.export@example.com', 'Other Export');
    const theirs = (await query(app, other.cookie, '/api/v1/activity/export.csv')).body;
    expect(theirs).not.toContain('Export Freight');
    expect(theirs).not.toContain(ownerUserId);
    expect(theirs).not.toContain('HYPERLINK');
    expect(rowsOf(theirs).rows.map((row) => row.type)).toEqual(['MemberAdded', 'OrganizationCreated']);
  });
});
