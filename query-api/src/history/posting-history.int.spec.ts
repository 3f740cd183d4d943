import {
  baseLoad,
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
  alice = await signUp(app, 'alice.history@example.com', 'Alice Archer');
  bob = await signUp(app, 'bob.history@example.com', 'Bob Baker');
  await createOrganization(app, alice, 'Alice History Freight');
  await createOrganization(app, bob, 'Bob History Logistics');
});
afterAll(() => app.stop());

const inject = requestsWith(() => app);

async function history(cookie: string, path: string) {
  const response = await inject(cookie, 'GET', path);
  return { status: response.statusCode, body: response.json() };
}

describe('history of a truck', () => {
  it('tells who posted and edited it, when, and which fields changed from what to what', async () => {
    const posted = await inject(alice, 'POST', '/api/v1/trucks', { ...validTruck, notes: '' });
    const truck = posted.json();
    const edited = await inject(alice, 'PATCH', `/api/v1/trucks/${truck.id}`, {
      status: false,
      truckCity: 'Peoria',
      truckName: 'Big Blue',
      version: 0,
    });
    expect(edited.statusCode).toBe(200);
    const { status, body } = await history(alice, `/api/v1/trucks/${truck.id}/history`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const [creation, edit] = body.data;
    expect(body.data).toHaveLength(2);
    expect(creation).toMatchObject({
      revision: 0,
      type: 'TruckPosted',
      actor: { name: 'Alice Archer' },
    });
    expect(creation.changes).toEqual(
      expect.arrayContaining([
        { field: 'truckName', from: null, to: 'Big Blue' },
        { field: 'status', from: null, to: true },
      ]),
    );
    // Blank values are not listed as posted.
    expect(creation.changes.map((change: { field: string }) => change.field)).not.toContain('notes');
    expect(edit).toMatchObject({ revision: 1, type: 'TruckUpdated', actor: { name: 'Alice Archer' } });
    // The name was sent unchanged: only real changes are listed.
    expect(edit.changes).toHaveLength(2);
    expect(edit.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', from: true, to: false },
        { field: 'truckCity', from: 'Chicago', to: 'Peoria' },
      ]),
    );
    expect(typeof edit.actor.id).toBe('string');
    expect(Date.parse(edit.occurredAt)).toBeGreaterThanOrEqual(Date.parse(creation.occurredAt));
  });

  it('keeps the history of a removed truck', async () => {
    const truck = (await inject(alice, 'POST', '/api/v1/trucks', validTruck)).json();
    expect((await inject(alice, 'DELETE', `/api/v1/trucks/${truck.id}`)).statusCode).toBe(204);
    const { body } = await history(alice, `/api/v1/trucks/${truck.id}/history`);
    expect(body.data.map((entry: { type: string }) => entry.type)).toEqual(['TruckPosted', 'TruckRemoved']);
    expect(body.data[1].changes).toEqual([]);
  });

  it("answers another organization's truck like a missing one", async () => {
    const truck = (await inject(alice, 'POST', '/api/v1/trucks', validTruck)).json();
    const foreign = await history(bob, `/api/v1/trucks/${truck.id}/history`);
    expect(foreign.status).toBe(404);
    expect((await history(alice, '/api/v1/trucks/999999/history')).status).toBe(404);
    expect((await history(alice, '/api/v1/trucks/abc/history')).status).toBe(400);
    expect(
      (await app.app.inject({ method: 'GET', url: `/api/v1/trucks/${truck.id}/history` })).statusCode,
    ).toBe(401);
  });
});

describe('history of a load', () => {
  it('folds the load stream the same way', async () => {
    const posted = await inject(alice, 'POST', '/api/v1/loads', baseLoad);
    expect(posted.statusCode).toBe(201);
    const load = posted.json();
    const edited = await inject(alice, 'PATCH', `/api/v1/loads/${load.id}`, { product: 'LIGHT', version: 0 });
    expect(edited.statusCode).toBe(200);
    const { status, body } = await history(alice, `/api/v1/loads/${load.id}/history`);
    expect(status).toBe(200);
    expect(body.data.map((entry: { type: string }) => entry.type)).toEqual(['LoadPosted', 'LoadUpdated']);
    expect(body.data[1].changes).toEqual([{ field: 'product', from: 'HEAVY', to: 'LIGHT' }]);
    expect((await history(bob, `/api/v1/loads/${load.id}/history`)).status).toBe(404);
  });
});
