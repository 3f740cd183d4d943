import type { Load } from '@dispatch/domain';
import {
  createOrganization,
  requestsWith,
  signUp,
  startTestApp,
  type TestApp,
  validLoad,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  app = await startTestApp();
  alice = await signUp(app, 'alice@example.com', 'Alice');
  bob = await signUp(app, 'bob@example.com', 'Bob');
  await createOrganization(app, alice, 'Alice Freight');
  await createOrganization(app, bob, 'Bob Logistics');
});
afterAll(() => app.stop());

const inject = requestsWith(() => app);

async function post(cookie: string, body: unknown = validLoad) {
  const response = await inject(cookie, 'POST', '/api/v1/loads', body);
  return {
    response,
    load: response.json() as Load,
    position: response.headers['x-event-position'] as string,
  };
}

const ids = (loads: { id: number }[]) => loads.map((load) => load.id);

describe('loads through the command and query APIs', () => {
  it('posts a load: 201 with a numeric id, version 0, empty text as null, and the position of its event', async () => {
    const { response, load, position } = await post(alice);
    expect(response.statusCode).toBe(201);
    expect(load).toMatchObject({
      ...validLoad,
      customerMobileNumber: '5155550123',
      notes: null,
      availabilityDate: '2026-11-21T00:00:00.000Z',
      version: 0,
    });
    expect(typeof load.id).toBe('number');
    expect(load.createdBy).toBe(load.updatedBy);
    expect(BigInt(position)).toBeGreaterThan(0n);
  });

  it('stores rates left empty as null, and optional customer details as null', async () => {
    const { response, load } = await post(alice, {
      ...validLoad,
      rateForTitan: null,
      rateForCarrier: '',
      customerName: '',
      customerMobileNumber: '',
      customerEmail: '',
    });
    expect(response.statusCode).toBe(201);
    expect(load).toMatchObject({
      rateForTitan: null,
      rateForCarrier: null,
      customerName: null,
      customerMobileNumber: null,
      customerEmail: null,
    });
  });

  it('allocates distinct ids to concurrent posts', async () => {
    const posts = await Promise.all(Array.from({ length: 8 }, () => post(alice)));
    expect(new Set(posts.map(({ load }) => load.id)).size).toBe(8);
  });

  it('refuses bad input with the spec messages and writes nothing', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    const { response } = await post(alice, {
      ...validLoad,
      rateForTitan: -5,
      rateForCarrier: 'cheap',
      rateForCarrierUnit: '',
      customerName: 'x'.repeat(51),
      customerEmail: `${'x'.repeat(40)}@example.com`,
      customerMobileNumber: '555-0100',
      dispatcherMobileNumber: '',
      notes: 'x'.repeat(501),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
      errors: {
        rateForTitan: ['Should be a positive number'],
        rateForCarrier: ['Should be a positive number'],
        customerName: ['Customer name cannot be more than 50 characters'],
        customerEmail: ['Customer email cannot be more than 50 characters'],
        customerMobileNumber: ['Invalid US phone number. Must be 10 digits (with optional +1 prefix)'],
        dispatcherMobileNumber: ['Phone number is required'],
        notes: ['Notes cannot be more than 500 characters'],
      },
    });
    expect(body.errors.rateForCarrierUnit).toHaveLength(1);

    const { response: missing } = await post(alice, {});
    expect(Object.keys(missing.json().errors)).toEqual(
      expect.arrayContaining([
        'trailerType',
        'originState',
        'originCity',
        'destinationState',
        'destinationCity',
        'product',
        'rateForTitanUnit',
        'rateForCarrierUnit',
        'dispatcherName',
        'dispatcherEmail',
        'dispatcherMobileNumber',
        'availabilityDate',
      ]),
    );
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
  });

  it('edits with the version it read, and refuses a stale version with 409 changing nothing', async () => {
    const { load } = await post(alice);
    const edited = await inject(alice, 'PATCH', `/api/v1/loads/${load.id}`, {
      rateForTitan: 4,
      product: 'LIGHT',
      version: 0,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: load.id, rateForTitan: 4, product: 'LIGHT', version: 1 });

    const stale = await inject(alice, 'PATCH', `/api/v1/loads/${load.id}`, { rateForTitan: 9, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    const refused = await inject(alice, 'PATCH', `/api/v1/loads/${load.id}`, { rateForCarrier: -1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ rateForCarrier: ['Should be a positive number'] });

    const current = await inject(alice, 'GET', `/api/v1/loads/${load.id}`, undefined, {
      'x-min-position': edited.headers['x-event-position'],
    });
    expect(current.json()).toMatchObject({
      rateForTitan: 4,
      rateForCarrier: 2.9,
      product: 'LIGHT',
      version: 1,
    });
  });

  it('deletes with 204, refusing a stale version, after which the load is gone from both sides', async () => {
    const { load } = await post(alice);
    await inject(alice, 'PATCH', `/api/v1/loads/${load.id}`, { notes: 'Tarped', version: 0 });
    expect((await inject(alice, 'DELETE', `/api/v1/loads/${load.id}?version=0`)).statusCode).toBe(409);
    const removed = await inject(alice, 'DELETE', `/api/v1/loads/${load.id}?version=1`);
    expect(removed.statusCode).toBe(204);
    const position = removed.headers['x-event-position'] as string;
    expect(
      (await inject(alice, 'GET', `/api/v1/loads/${load.id}`, undefined, { 'x-min-position': position }))
        .statusCode,
    ).toBe(404);
    const list = await inject(alice, 'GET', '/api/v1/loads?limit=100', undefined, {
      'x-min-position': position,
    });
    expect(ids(list.json().data)).not.toContain(load.id);
    expect((await inject(alice, 'PATCH', `/api/v1/loads/${load.id}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await inject(alice, 'DELETE', `/api/v1/loads/${load.id}`)).statusCode).toBe(404);
  });

  it("never shows or changes another organization's load", async () => {
    const { load, position } = await post(alice, { ...validLoad, customerName: 'Alice only' });
    const headers = { 'x-min-position': position };
    expect((await inject(bob, 'GET', `/api/v1/loads/${load.id}`, undefined, headers)).statusCode).toBe(404);
    expect((await inject(bob, 'PATCH', `/api/v1/loads/${load.id}`, { product: 'LIGHT' })).statusCode).toBe(
      404,
    );
    expect((await inject(bob, 'DELETE', `/api/v1/loads/${load.id}`)).statusCode).toBe(404);
    const bobs = await inject(bob, 'GET', '/api/v1/loads?limit=100&search=alice', undefined, headers);
    expect(bobs.json()).toMatchObject({ totalCount: 0, data: [] });
    const still = await inject(alice, 'GET', `/api/v1/loads/${load.id}`);
    expect(still.json()).toMatchObject({ customerName: 'Alice only', product: 'HEAVY', version: 0 });
  });

  it('requires a session and an active organization', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/loads'],
      ['GET', '/api/v1/loads/1'],
      ['POST', '/api/v1/loads'],
      ['PATCH', '/api/v1/loads/1'],
      ['DELETE', '/api/v1/loads/1'],
    ] as const) {
      const response = await app.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : validLoad,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const carol = await signUp(app, 'carol@example.com', 'Carol');
    expect((await inject(carol, 'GET', '/api/v1/loads')).statusCode).toBe(403);
  });
});
