import {
  createOrganization,
  PostingHistory,
  signUp,
  startTestApp,
  type TestApp,
  validTruck,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The overview: monthly counts and totals, from the projector's counters. The organization counts in
 * America/Chicago (UTC-6 in winter, UTC-5 in summer), so months start at local midnight.
 */

let app: TestApp;
let alice: string;
let bob: string;
let board: PostingHistory;
const A = 'dispatcher-a';
const B = 'dispatcher-b';

beforeAll(async () => {
  app = await startTestApp();
  alice = await signUp(app, 'alice.overview@example.com', 'Alice');
  bob = await signUp(app, 'bob.overview@example.com', 'Bob');
  const org = await createOrganization(app, alice, 'Alice Overview Freight');
  await createOrganization(app, bob, 'Bob Overview Logistics');
  board = new PostingHistory(app, org.id);
  // Ids far above the ones the command side hands out (the last test posts through the API).
  // Trucks. Creation instants in UTC; the month they count in is Chicago's.
  await board.postTruck(70001, { availabilityDate: '2026-01-20' }, '2026-01-10T15:00:00.000Z', A);
  // 03:00 UTC on February 1st is still January 31st in Chicago.
  await board.postTruck(70002, { availabilityDate: '2026-02-02' }, '2026-02-01T03:00:00.000Z', A);
  await board.postTruck(70003, { availabilityDate: '2026-02-02' }, '2026-02-01T07:00:00.000Z', B);
  await board.postTruck(70004, { availabilityDate: '2026-03-15' }, '2026-02-14T12:00:00.000Z', A);
  await board.postTruck(70005, { availabilityDate: '2026-07-04' }, '2026-07-01T12:00:00.000Z', B);
  await board.postTruck(70006, {}, '2026-07-02T12:00:00.000Z', A);
  await board.removeTruck(70006, '2026-07-03T12:00:00.000Z', A);
  // Edits move trucks between months of their last edit.
  await board.updateTruck(70001, { notes: 'edited' }, '2026-03-02T12:00:00.000Z', B);
  await board.updateTruck(
    70004,
    { availabilityDate: '2026-04-01T00:00:00.000Z' },
    '2026-03-03T12:00:00.000Z',
    A,
  );
  await board.postTruck(70007, {}, '2025-12-31T12:00:00.000Z', A);
  // Loads.
  await board.postLoad(70001, {}, '2026-01-05T12:00:00.000Z', A);
  await board.postLoad(70002, {}, '2026-05-05T12:00:00.000Z', B);
  await board.postLoad(70003, {}, '2026-05-06T12:00:00.000Z', B);
  await board.removeLoad(70003, '2026-05-07T12:00:00.000Z', B);
});
afterAll(() => app.stop());

async function get(url: string, cookie = alice) {
  const response = await app.app.inject({
    method: 'GET',
    url,
    headers: { cookie, 'x-min-position': board.position.toString() },
  });
  return { status: response.statusCode, body: response.json() };
}

/** Counts per month, January first. */
async function months(query: string): Promise<number[]> {
  const { status, body } = await get(`/api/v1/overview/monthly-counts?${query}`);
  expect(status).toBe(200);
  expect(body.success).toBe(true);
  return body.data.map((month: { count: number }) => month.count);
}

const zeros = () => Array.from({ length: 12 }, () => 0);
const counts = (entries: Record<number, number>) => {
  const out = zeros();
  for (const [month, count] of Object.entries(entries)) out[Number(month) - 1] = count;
  return out;
};

describe('overview: monthly counts', () => {
  it('answers twelve months of the year, named jan to dec, zero-filled', async () => {
    const { body } = await get('/api/v1/overview/monthly-counts?year=2026');
    expect(body.data).toHaveLength(12);
    expect(body.data[0]).toEqual({ monthName: 'jan', month: 1, year: 2026, count: 2 });
    expect(body.data.map((month: { monthName: string }) => month.monthName)).toEqual([
      'jan',
      'feb',
      'mar',
      'apr',
      'may',
      'jun',
      'jul',
      'aug',
      'sep',
      'oct',
      'nov',
      'dec',
    ]);
    expect(body.data[11]).toEqual({ monthName: 'dec', month: 12, year: 2026, count: 0 });
  });

  it('counts trucks by the month of their creation in the organization time zone (removed ones not)', async () => {
    expect(await months('year=2026&type=trucks')).toEqual(counts({ 1: 2, 2: 2, 7: 1 }));
    expect(await months('year=2025')).toEqual(counts({ 12: 1 }));
    expect(await months('year=2024')).toEqual(zeros());
  });

  it('counts loads with type=loads', async () => {
    expect(await months('year=2026&type=loads')).toEqual(counts({ 1: 1, 5: 1 }));
  });

  it('narrows to one creator', async () => {
    expect(await months(`year=2026&createdBy=${B}`)).toEqual(counts({ 2: 1, 7: 1 }));
    expect(await months(`year=2026&createdBy=${A}`)).toEqual(counts({ 1: 2, 2: 1 }));
    expect(await months('year=2026&createdBy=nobody')).toEqual(zeros());
  });

  it('counts by the month of the last edit or of the availability date', async () => {
    expect(await months('year=2026&dateField=updatedAt')).toEqual(counts({ 1: 1, 2: 1, 3: 2, 7: 1 }));
    expect(await months('year=2026&dateField=availableDate')).toEqual(counts({ 1: 1, 2: 3, 4: 1, 7: 1 }));
  });

  it('applies the date range exactly, also inside a day', async () => {
    // From 02:00 UTC on February 1st (January 31st, 20:00 in Chicago): truck 2 (03:00) and after.
    expect(await months('year=2026&startDate=2026-02-01T02:00:00.000Z&dateOperation=gte')).toEqual(
      counts({ 1: 1, 2: 2, 7: 1 }),
    );
    expect(await months('year=2026&startDate=2026-02-01T03:00:00.000Z&dateOperation=gt')).toEqual(
      counts({ 2: 2, 7: 1 }),
    );
    expect(await months('year=2026&startDate=2026-02-01T03:00:00.000Z&dateOperation=lt')).toEqual(
      counts({ 1: 1 }),
    );
    expect(await months('year=2026&startDate=2026-02-01T03:00:00.000Z&dateOperation=lte')).toEqual(
      counts({ 1: 2 }),
    );
    // eq: the 24 hours from the start.
    expect(await months('year=2026&startDate=2026-02-01T00:00:00.000Z&dateOperation=eq')).toEqual(
      counts({ 1: 1, 2: 1 }),
    );
    expect(
      await months(`year=2026&startDate=2026-01-01&endDate=2026-02-14T12:00:00.000Z&createdBy=${A}`),
    ).toEqual(counts({ 1: 2, 2: 1 }));
    expect(await months('year=2026&dateField=availableDate&startDate=2026-02-02&dateOperation=gt')).toEqual(
      counts({ 4: 1, 7: 1 }),
    );
    expect(await months('year=2026&dateField=updatedAt&startDate=2026-03-02T12:00:01.000Z')).toEqual(
      counts({ 3: 1, 7: 1 }),
    );
  });

  it('defaults to the current year', async () => {
    const posted = await app.app.inject({
      method: 'POST',
      url: '/api/v1/trucks',
      headers: { cookie: bob },
      payload: validTruck,
    });
    expect(posted.statusCode).toBe(201);
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/v1/overview/monthly-counts',
      headers: { cookie: bob, 'x-min-position': posted.headers['x-event-position'] as string },
    });
    const body = response.json();
    const year = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', year: 'numeric' }).format(new Date()),
    );
    expect(body.data.every((month: { year: number }) => month.year === year)).toBe(true);
    expect(body.data.reduce((sum: number, month: { count: number }) => sum + month.count, 0)).toBe(1);
  });

  it.each([
    ['type=envelopes', 'type'],
    ['year=soon', 'year'],
    ['dateOperation=near', 'dateOperation'],
    ['dateField=truckName', 'dateField'],
    ['startDate=soon', 'startDate'],
    ['limit=10', '_'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const { status, body } = await get(`/api/v1/overview/monthly-counts?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid query parameters' });
    expect(Object.keys(body.errors)).toEqual([field]);
  });
});

describe('overview: totals', () => {
  it('counts the trucks and loads on the board now', async () => {
    const { status, body } = await get('/api/v1/overview/totals');
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { truckCount: 6, loadCount: 2 } });
  });

  it("keeps each organization's totals to itself", async () => {
    const { body } = await get('/api/v1/overview/totals', bob);
    expect(body.data.loadCount).toBe(0);
  });

  it('needs a session', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/v1/overview/totals' });
    expect(response.statusCode).toBe(401);
  });
});
