import { createOrganization, PostingHistory, signUp, startTestApp, type TestApp } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * "As of T" holds everything at or before T: a posting made at T is on the board at T, in its rows,
 * its total and its day counters alike; a posting removed at T is gone from all of them at T.
 */

let app: TestApp;
let alice: string;
let board: PostingHistory;
let postedPosition: bigint;
const A = 'dispatcher-a';
// Mid-afternoon in Chicago, the organization's default time zone: the same calendar day there.
const POSTED = '2026-04-14T15:19:48.774Z';
const REMOVED = '2026-04-14T18:02:11.306Z';
const shift = (instant: string, ms: number) => new Date(Date.parse(instant) + ms).toISOString();

beforeAll(async () => {
  app = await startTestApp();
  alice = await signUp(app, 'alice.instant@example.com', 'Alice');
  const org = await createOrganization(app, alice, 'Alice Instant Freight');
  board = new PostingHistory(app, org.id);
  await board.postTruck(
    7101,
    { truckName: 'Instant Rig', status: true, availabilityDate: '2026-04-14' },
    POSTED,
    A,
  );
  postedPosition = board.position;
  await board.postLoad(7201, { customerName: 'Instant Grain', availabilityDate: '2026-04-14' }, POSTED, A);
  await board.removeTruck(7101, REMOVED, A);
  await board.removeLoad(7201, REMOVED, A);
  await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
});
afterAll(() => app.stop());

async function list(kind: 'trucks' | 'loads', asOf: string) {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/v1/${kind}?asOf=${asOf}`,
    headers: { cookie: alice },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** What the board shows as of a moment: its rows and every counter beside them. */
async function seen(kind: 'trucks' | 'loads', asOf: string) {
  const page = await list(kind, asOf);
  return {
    rows: page.data.length,
    totalCount: page.totalCount,
    createdToday: kind === 'trucks' ? page.totalTrucksCreatedToday : page.totalCreatedToday,
    availableToday: page.totalAvailableToday,
  };
}
const all = (n: number) => ({ rows: n, totalCount: n, createdToday: n, availableToday: n });

describe('the board as of an instant', () => {
  for (const kind of ['trucks', 'loads'] as const) {
    it(`shows a ${kind.slice(0, -1)} posted at T in its rows and counters at T, not at T − 1 ms`, async () => {
      expect(await seen(kind, shift(POSTED, -1))).toEqual(all(0));
      expect(await seen(kind, POSTED)).toEqual(all(1));
      expect(await seen(kind, shift(POSTED, 1))).toEqual(all(1));
    });

    it(`leaves a ${kind.slice(0, -1)} removed at T out of its rows and counters at T`, async () => {
      expect(await seen(kind, shift(REMOVED, -1))).toEqual(all(1));
      expect(await seen(kind, REMOVED)).toEqual(all(0));
      expect(await seen(kind, shift(REMOVED, 1))).toEqual(all(0));
    });
  }

  it('reads a position as the instant of its event, with the posting it made inside', async () => {
    expect(await seen('trucks', String(postedPosition))).toEqual(all(1));
  });
});
