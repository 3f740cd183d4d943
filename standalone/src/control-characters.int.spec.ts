import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrganizationRecords, organizationWithRecords } from './route-samples.ts';
import { requestsWith, startTestApp, type TestApp, validTruck } from './test-support.ts';

/**
 * Text is text, through the composed services: a control character in a text field of a command
 * is a 400 naming the field, and nothing is written; a CSV file's row with one is a row-level error
 * with its line, and nothing is posted.
 */

let app: TestApp;
let records: OrganizationRecords;

beforeAll(async () => {
  app = await startTestApp();
  records = await organizationWithRecords(app, 'Controlled');
});
afterAll(() => app.stop());

const inject = requestsWith(() => app);
const head = () => app.infrastructure.eventStore.headPosition();

const NUL = '\u0000';
const BEL = '\u0007';
const ESC = '\u001b[31m';
const NEL = '\u0085';

interface Case {
  name: string;
  method: 'POST' | 'PATCH';
  path: (r: OrganizationRecords) => string;
  body: (r: OrganizationRecords) => Record<string, unknown>;
  field: string;
  message: string;
}

const cases: Case[] = [
  {
    name: 'an envelope receiver name with NUL',
    method: 'POST',
    path: () => '/api/v1/envelopes',
    body: () => ({
      type: 'client',
      deliveryMethod: 'email',
      receiverName: `Casey${NUL}Client`,
      receiverEmail: 'casey.control@example.com',
    }),
    field: 'receiverName',
    message: 'Receiver name must not contain control characters',
  },
  {
    name: 'an envelope receiver name with an ANSI escape and BEL',
    method: 'POST',
    path: () => '/api/v1/envelopes',
    body: () => ({
      type: 'driver',
      deliveryMethod: 'email',
      receiverName: `${ESC}Drew${BEL}`,
      receiverEmail: 'drew.control@example.com',
    }),
    field: 'receiverName',
    message: 'Receiver name must not contain control characters',
  },
  {
    name: 'a void reason with ESC',
    method: 'POST',
    path: (r) => `/api/v1/envelopes/${r.envelopeId}/void`,
    body: () => ({ voidReason: `Sent twice${ESC}` }),
    field: 'voidReason',
    message: 'Void reason must not contain control characters',
  },
  {
    name: "the signer's name with BEL",
    method: 'POST',
    path: (r) => `/api/v1/signing/${encodeURIComponent(r.signingToken)}/sign`,
    body: () => ({ signerName: `Casey${BEL}` }),
    field: 'signerName',
    message: 'Signer name must not contain control characters',
  },
  {
    name: 'a reject reason with U+0085',
    method: 'POST',
    path: (r) => `/api/v1/signing/${encodeURIComponent(r.signingToken)}/reject`,
    body: () => ({ reason: `Wrong${NEL}rate` }),
    field: 'reason',
    message: 'Reason must not contain control characters',
  },
  {
    name: 'a truck name with ESC',
    method: 'POST',
    path: () => '/api/v1/trucks',
    body: () => ({ ...validTruck, truckName: `${ESC}Big Blue` }),
    field: 'truckName',
    message: 'Truck name must not contain control characters',
  },
  {
    name: "a truck's notes edited with NUL",
    method: 'PATCH',
    path: (r) => `/api/v1/trucks/${r.truckId}`,
    body: () => ({ notes: `Ready${NUL}` }),
    field: 'notes',
    message: 'Notes must not contain control characters',
  },
  {
    name: 'an organization name with NUL',
    method: 'POST',
    path: () => '/api/v1/organization/create',
    body: () => ({ name: `Acme${NUL}` }),
    field: 'name',
    message: 'Organization name must not contain control characters',
  },
  {
    name: 'an organization renamed with a tab',
    method: 'POST',
    path: () => '/api/v1/organization/update',
    body: () => ({ name: 'Acme\tFreight' }),
    field: 'name',
    message: 'Organization name must not contain control characters',
  },
  {
    name: 'a team name with BEL',
    method: 'POST',
    path: () => '/api/v1/organization/create-team',
    body: () => ({ name: `Night${BEL}` }),
    field: 'name',
    message: 'Team name must not contain control characters',
  },
  {
    name: 'a saved search named with a line break',
    method: 'POST',
    path: () => '/api/v1/saved-searches',
    body: () => ({ name: 'Flat\nbeds', kind: 'trucks', params: {} }),
    field: 'name',
    message: 'Name must not contain control characters',
  },
  {
    name: "a saved search's city with ESC",
    method: 'POST',
    path: () => '/api/v1/saved-searches',
    body: () => ({ name: 'Near', kind: 'radius', params: { state: 'IL', city: `Chi${ESC}`, radius: '50' } }),
    field: 'params.city',
    message: 'City must not contain control characters',
  },
];

describe('a control character in a command', () => {
  it.each(cases)(
    '$name: 400 on the field, nothing written',
    async ({ method, path, body, field, message }) => {
      const before = await head();
      const response = await inject(records.cookie, method, path(records), body(records), {
        origin: app.url,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: expect.any(String),
        message: expect.any(String),
        errors: { [field]: [message] },
      });
      expect(await head()).toBe(before);
    },
  );
});

const csvCell = (value: unknown) => `"${String(value).replaceAll('"', '""')}"`;
const truckCsv = (rows: Record<string, unknown>[]) =>
  [Object.keys(validTruck), ...rows.map((row) => Object.keys(validTruck).map((field) => row[field]))]
    .map((cells) => `${cells.map(csvCell).join(',')}\r\n`)
    .join('');

describe('a CSV file with a control character in a cell', () => {
  const file = truckCsv([
    { ...validTruck, truckName: 'Clean Rig' },
    { ...validTruck, truckName: `Dirty${NUL}Rig` },
  ]);

  it('previews that row as refused, on its line and field, and writes nothing', async () => {
    const before = await head();
    const response = await inject(
      records.cookie,
      'POST',
      '/api/v1/trucks/import/preview',
      { csv: file },
      { origin: app.url },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ validCount: 1, invalidCount: 1 });
    expect(response.json().rows[1]).toMatchObject({
      line: 3,
      valid: false,
      errors: { truckName: ['Truck name must not contain control characters'] },
    });
    expect(await head()).toBe(before);
  });

  it('imports only the clean row: the other is refused with its line, and nothing of it is written', async () => {
    const response = await inject(
      records.cookie,
      'POST',
      '/api/v1/trucks/import',
      { csv: file },
      { origin: app.url },
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.posted).toHaveLength(1);
    expect(answer.invalid).toEqual([
      { line: 3, errors: { truckName: ['Truck name must not contain control characters'] } },
    ]);
    await app.projector.waitFor(await head(), 10_000);
    const board = await inject(records.cookie, 'GET', '/api/v1/trucks?limit=100');
    const names = board.json().data.map((truck: { truckName: string }) => truck.truckName);
    expect(names).toContain('Clean Rig');
    expect(names.filter((name: string) => name.includes('Dirty'))).toEqual([]);
  });
});

describe('a name given to the authentication service', () => {
  const signUp = (email: string, name: string, extra: Record<string, unknown> = {}) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: app.url },
      remoteAddress: '127.9.0.2',
      payload: { email, password: 'correct-horse-battery', name, ...extra },
    });

  it('signing up with a control character in the name or first name is refused, and makes no account', async () => {
    for (const [name, extra, field] of [
      [`Dana${NUL}`, {}, 'name'],
      ['Dana', { firstName: `${ESC}Dana` }, 'firstName'],
    ] as const) {
      const response = await signUp('dana.control@example.com', name, extra);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { [field]: [expect.any(String)] },
      });
      expect(response.json().errors[field][0]).toMatch(/must not contain control characters$/);
    }
    // The address is still free: no account was made.
    expect((await signUp('dana.control@example.com', 'Dana Dispatcher')).statusCode).toBe(200);
  });

  it('a profile update with one is refused, and the profile stays as it was', async () => {
    const update = await app.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: records.cookie, origin: app.url },
      payload: { lastName: `Haulage${BEL}` },
    });
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json().errors).toEqual({ lastName: ['Last name must not contain control characters'] });
    const session = await app.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: records.cookie },
    });
    expect(session.json().user.lastName).not.toContain(BEL);
  });
});
