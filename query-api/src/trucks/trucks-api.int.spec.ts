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

beforeAll(async () => {
  app = await startTestApp();
  alice = await signUp(app, 'alice@example.com', 'Alice');
  await createOrganization(app, alice, 'Alice Freight');
  // A board of a few trucks already, as the list tests below expect (a page of 2 after the first).
  await Promise.all(Array.from({ length: 4 }, () => post(alice)));
});
afterAll(() => app.stop());

const inject = requestsWith(() => app);

async function post(cookie: string, body: unknown = validTruck) {
  const response = await inject(cookie, 'POST', '/api/v1/trucks', body);
  return { response, truck: response.json(), position: response.headers['x-event-position'] as string };
}

describe('trucks through the command and query APIs', () => {
  it('reads its own write: a list given the post position contains the truck', async () => {
    const { truck, position } = await post(alice, { ...validTruck, truckName: 'Read Your Writes' });
    const list = await inject(alice, 'GET', '/api/v1/trucks?limit=100', undefined, {
      'x-min-position': position,
    });
    expect(list.statusCode).toBe(200);
    expect(BigInt(list.headers['x-projection-position'] as string)).toBeGreaterThanOrEqual(BigInt(position));
    expect(list.json().data.map((t: { id: number }) => t.id)).toContain(truck.id);
  });

  it('answers the list in the shape of the spec, paged from 0', async () => {
    const { position } = await post(alice);
    const response = await inject(
      alice,
      'GET',
      `/api/v1/trucks?limit=2&page=1&orderBy=createdAt&sort=asc&minPosition=${position}`,
    );
    const body = response.json();
    expect(body).toMatchObject({ success: true, limit: 2, page: 1, count: 2 });
    expect(body.totalPages).toBe(Math.ceil(body.totalCount / 2));
    for (const key of [
      'totalTrucksCreatedToday',
      'totalTrucksCreatedYesterday',
      'totalAvailableToday',
      'totalAvailableYesterday',
    ]) {
      expect(typeof body[key]).toBe('number');
    }
    expect(body.totalTrucksCreatedToday).toBe(body.totalCount);
    const all = (await inject(alice, 'GET', '/api/v1/trucks?limit=100&orderBy=createdAt&sort=asc')).json()
      .data;
    expect(body.data.map((t: { id: number }) => t.id)).toEqual(
      all.slice(2, 4).map((t: { id: number }) => t.id),
    );
  });

  it('refuses invalid list parameters', async () => {
    const response = await inject(alice, 'GET', '/api/v1/trucks?orderBy=notes&limit=0');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid query parameters' });
    expect(Object.keys(response.json().errors).sort()).toEqual(['limit', 'orderBy']);
  });
});
