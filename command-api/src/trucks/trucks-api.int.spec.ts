import {
  createOrganization,
  requestsWith,
  signUp,
  startTestApp,
  type TestApp,
  validTruck,
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

async function post(cookie: string, body: unknown = validTruck) {
  const response = await inject(cookie, 'POST', '/api/v1/trucks', body);
  return { response, truck: response.json(), position: response.headers['x-event-position'] as string };
}

describe('trucks through the command and query APIs', () => {
  it('posts a truck: 201 with a numeric id, version 0, and the position of its event', async () => {
    const { response, truck, position } = await post(alice);
    expect(response.statusCode).toBe(201);
    expect(truck).toMatchObject({
      ...validTruck,
      notes: null,
      availabilityDate: '2026-11-21T00:00:00.000Z',
      version: 0,
    });
    expect(typeof truck.id).toBe('number');
    expect(BigInt(position)).toBeGreaterThan(0n);
  });

  it('allocates distinct ids to concurrent posts', async () => {
    const posts = await Promise.all(Array.from({ length: 8 }, () => post(alice)));
    const ids = posts.map(({ truck }) => truck.id);
    expect(new Set(ids).size).toBe(8);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await app.infrastructure.eventStore.headPosition();
    const { response } = await post(alice, {
      ...validTruck,
      truckName: 'x'.repeat(51),
      dispatcherMobileNumber: '12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
      errors: {
        truckName: ['Truck name cannot be more than 50 characters'],
        dispatcherMobileNumber: ['Invalid US phone number. Must be 10 digits (with optional +1 prefix)'],
      },
    });
    const malformed = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { cookie: alice, 'content-type': 'application/json' },
      payload: '{"truckName": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
    expect(await app.infrastructure.eventStore.headPosition()).toBe(before);
  });

  it('edits with the version it read, and refuses a stale version with 409 changing nothing', async () => {
    const { truck } = await post(alice);
    const edited = await inject(alice, 'PATCH', `/api/v1/trucks/${truck.id}`, { status: false, version: 0 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: truck.id, status: false, version: 1 });

    const stale = await inject(alice, 'PATCH', `/api/v1/trucks/${truck.id}`, {
      truckName: 'Overwrite',
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    const current = await inject(alice, 'GET', `/api/v1/trucks/${truck.id}`, undefined, {
      'x-min-position': edited.headers['x-event-position'],
    });
    expect(current.json()).toMatchObject({ truckName: 'Big Blue', status: false, version: 1 });
  });

  it('deletes with 204, after which the truck is gone from both sides', async () => {
    const { truck } = await post(alice);
    const removed = await inject(alice, 'DELETE', `/api/v1/trucks/${truck.id}?version=0`);
    expect(removed.statusCode).toBe(204);
    const position = removed.headers['x-event-position'] as string;
    expect(
      (await inject(alice, 'GET', `/api/v1/trucks/${truck.id}`, undefined, { 'x-min-position': position }))
        .statusCode,
    ).toBe(404);
    expect((await inject(alice, 'PATCH', `/api/v1/trucks/${truck.id}`, { status: false })).statusCode).toBe(
      404,
    );
  });

  it("never shows or changes another organization's truck", async () => {
    const { truck, position } = await post(alice, { ...validTruck, truckName: 'Alice only' });
    const headers = { 'x-min-position': position };
    expect((await inject(bob, 'GET', `/api/v1/trucks/${truck.id}`, undefined, headers)).statusCode).toBe(404);
    expect((await inject(bob, 'PATCH', `/api/v1/trucks/${truck.id}`, { status: false })).statusCode).toBe(
      404,
    );
    expect((await inject(bob, 'DELETE', `/api/v1/trucks/${truck.id}`)).statusCode).toBe(404);
    const bobs = await inject(bob, 'GET', '/api/v1/trucks?limit=100', undefined, headers);
    expect(bobs.json().data.map((t: { id: number }) => t.id)).not.toContain(truck.id);
    const still = await inject(alice, 'GET', `/api/v1/trucks/${truck.id}`);
    expect(still.json()).toMatchObject({ truckName: 'Alice only', version: 0 });
  });

  it('requires a session and an active organization', async () => {
    expect((await app.app.inject({ method: 'GET', url: '/api/v1/trucks' })).statusCode).toBe(401);
    expect(
      (await app.app.inject({ method: 'POST', url: '/api/v1/trucks', payload: validTruck })).statusCode,
    ).toBe(401);
    const carol = await signUp(app, 'carol@example.com', 'Carol');
    const response = await inject(carol, 'GET', '/api/v1/trucks');
    expect(response.statusCode).toBe(403);
  });
});
