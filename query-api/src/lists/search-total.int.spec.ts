import { createOrganization, PostingHistory, signUp, startTestApp, type TestApp } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_CAP } from './board-counts.ts';

/**
 * A text search's total is counted up to SEARCH_TOTAL_CAP postings: past it the list answers the cap
 * with `totalCountExact: false`, and its pages go on past the cap. Every other total stays exact.
 */

let app: TestApp;
let cookie: string;
let position = 0n;
const FLEET = SEARCH_TOTAL_CAP + 3;

beforeAll(async () => {
  app = await startTestApp();
  cookie = await signUp(app, 'cap.search@example.com', 'Cap');
  const org = await createOrganization(app, cookie, 'Cap Search Freight');
  const board = new PostingHistory(app, org.id);
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
  const written: bigint[] = [];
  // Trucks "Fleet 1" to "Fleet 1003", "Spare 1" and "Spare 2", and two loads; distinct streams, so
  // the appends may share commits.
  const posts = [
    ...Array.from(
      { length: FLEET },
      (_, i) => () => board.postTruck(7000 + i, { truckName: `Fleet ${i + 1}` }, at(i), 'a'),
    ),
    ...[1, 2].map((n) => () => board.postTruck(9000 + n, { truckName: `Spare ${n}` }, at(FLEET + n), 'a')),
    ...[1, 2].map(
      (n) => () =>
        board.postLoad(8000 + n, { originState: 'IL', originCity: 'Peoria' }, at(FLEET + 2 + n), 'a'),
    ),
  ];
  for (let start = 0; start < posts.length; start += 50)
    written.push(
      ...(await Promise.all(posts.slice(start, start + 50).map((post) => post()))).map(
        (result) => result.position,
      ),
    );
  position = written.reduce((high, next) => (next > high ? next : high), 0n);
}, 120_000);
afterAll(() => app.stop());

async function list(kind: 'trucks' | 'loads', query: string) {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/v1/${kind}?${query}`,
    headers: { cookie, 'x-min-position': position.toString() },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the total of a text search', () => {
  it('stops at the cap when more postings match, and says so', async () => {
    const body = await list('trucks', 'search=fleet&limit=10');
    expect(body).toMatchObject({
      totalCount: SEARCH_TOTAL_CAP,
      totalCountExact: false,
      totalPages: SEARCH_TOTAL_CAP / 10,
      count: 10,
    });
  });

  it('pages on past the cap to the last matching posting', async () => {
    const last = await list(
      'trucks',
      `search=fleet&limit=10&page=${SEARCH_TOTAL_CAP / 10}&orderBy=createdAt&sort=asc`,
    );
    expect(last.data.map((truck: { truckName: string }) => truck.truckName)).toEqual(
      Array.from({ length: FLEET - SEARCH_TOTAL_CAP }, (_, i) => `Fleet ${SEARCH_TOTAL_CAP + i + 1}`),
    );
    expect(last).toMatchObject({ totalCount: SEARCH_TOTAL_CAP, totalCountExact: false });
    const beyond = await list('trucks', `search=fleet&limit=10&page=${SEARCH_TOTAL_CAP / 10 + 1}`);
    expect(beyond.data).toEqual([]);
  });

  it('is exact up to the cap, and every other total is exact', async () => {
    expect(await list('trucks', 'search=fleet%20100&limit=10')).toMatchObject({
      // "Fleet 100" and "Fleet 1000" to "Fleet 1003".
      totalCount: 5,
      totalCountExact: true,
      totalPages: 1,
    });
    expect(await list('trucks', 'search=spare')).toMatchObject({ totalCount: 2, totalCountExact: true });
    expect(await list('trucks', 'limit=10')).toMatchObject({
      totalCount: FLEET + 2,
      totalCountExact: true,
      totalPages: Math.ceil((FLEET + 2) / 10),
    });
    expect(await list('loads', 'search=peoria')).toMatchObject({ totalCount: 2, totalCountExact: true });
  });
});
