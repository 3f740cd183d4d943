import { AS_OF_POSITION_MESSAGE } from '@dispatch/domain';
import {
  createOrganization,
  EnvelopeHistory,
  PostingHistory,
  signUp,
  startTestApp,
  type TestApp,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The board as of a moment: a scripted history of posts, edits and removals at chosen instants,
 * then the lists asked about moments between them, against the rows a dispatcher saw then.
 */

let app: TestApp;
let alice: string;
let bob: string;
let board: PostingHistory;
const positions: Record<string, bigint> = {};
const A = 'dispatcher-a';
const at = (day: string, hour = '10') => `2026-03-${day}T${hour}:00:00.000Z`;

beforeAll(async () => {
  app = await startTestApp();
  alice = await signUp(app, 'alice.asof@example.com', 'Alice');
  bob = await signUp(app, 'bob.asof@example.com', 'Bob');
  const org = await createOrganization(app, alice, 'Alice As Of Freight');
  const other = await createOrganization(app, bob, 'Bob As Of Freight');
  board = new PostingHistory(app, org.id);
  //   day 01  post 801 "Rate 2.10" available          post load 901
  //   day 02  post 802 "Second Rig"                   edit load 901 (customer)
  //   day 03  edit 801 → "Rate 2.45", not available
  //   day 04  remove 802                              remove load 901
  //   day 05  post 803 "Late Rig"
  await board.postTruck(801, { truckName: 'Rate 2.10', status: true }, at('01'), A);
  positions.day1 = board.position;
  await board.postLoad(901, { customerName: 'First Grain' }, at('01', '11'), A);
  await board.postTruck(802, { truckName: 'Second Rig' }, at('02'), A);
  await board.updateLoad(901, { customerName: 'Renamed Grain' }, at('02', '11'), A);
  await board.updateTruck(801, { truckName: 'Rate 2.45', status: false }, at('03'), A);
  positions.day3 = board.position;
  await board.removeTruck(802, at('04'), A);
  await board.removeLoad(901, at('04', '11'), A);
  await board.postTruck(803, { truckName: 'Late Rig' }, at('05'), A);
  // An envelope: sent on day 1, opened on day 2, reminded on day 3 (which leaves its updatedAt as it
  // was: the version in service begins at the reminder all the same), signed on day 4.
  const envelopes = new EnvelopeHistory(app, org.id);
  const envelopeId = await envelopes.send({ receiverName: 'Olga Onboard' }, at('01', '09'), A);
  await envelopes.deliver(envelopeId, at('02', '09'));
  await envelopes.append(
    { type: 'EnvelopeReminderSent', data: { envelopeId, reminder: 1, tokenHash: 'a'.repeat(64) } },
    at('03', '09'),
    'system:reminders',
  );
  await envelopes.complete(envelopeId, at('04', '09'), 'Olga Onboard');
  // Another organization's truck, at the same moments: never in Alice's answers.
  await new PostingHistory(app, other.id).postTruck(804, { truckName: 'Bob Rig' }, at('02'), 'bob');
  await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
});
afterAll(() => app.stop());

async function list(kind: 'trucks' | 'loads', query: string, cookie = alice) {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/v1/${kind}?${query}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const names = (page: { data: { truckName: string; since?: string }[] }) =>
  page.data.map((truck) => `${truck.truckName}:${truck.since}`);

describe('the board as of a moment', () => {
  it('answers each instant with the rows in service then, and marks what changed since', async () => {
    expect(names(await list('trucks', `asOf=${at('01', '12')}`))).toEqual(['Rate 2.10:changed']);
    expect(names(await list('trucks', `asOf=${at('02', '12')}`))).toEqual([
      'Second Rig:removed',
      'Rate 2.10:changed',
    ]);
    expect(names(await list('trucks', `asOf=${at('03', '12')}`))).toEqual([
      'Rate 2.45:unchanged',
      'Second Rig:removed',
    ]);
    expect(names(await list('trucks', `asOf=${at('04', '12')}`))).toEqual(['Rate 2.45:unchanged']);
    expect(names(await list('trucks', `asOf=${at('05', '12')}`))).toEqual([
      'Late Rig:unchanged',
      'Rate 2.45:unchanged',
    ]);
    expect(names(await list('trucks', 'asOf=2026-02-28T00:00:00.000Z'))).toEqual([]);
    // The present, for comparison: no marks, no moment.
    const now = await list('trucks', '');
    expect([now.asOf, now.data.map((truck: { truckName: string }) => truck.truckName)]).toEqual([
      undefined,
      ['Late Rig', 'Rate 2.45'],
    ]);
  });

  it('keeps the filters, the sorts, the paging and the totals of the list', async () => {
    const available = await list('trucks', `asOf=${at('02', '12')}&status=true&sort=asc`);
    expect(names(available)).toEqual(['Rate 2.10:changed', 'Second Rig:removed']);
    expect(available.totalCount).toBe(2);
    const searched = await list('trucks', `asOf=${at('03', '12')}&search=rate`);
    expect(names(searched)).toEqual(['Rate 2.45:unchanged']);
    const paged = await list('trucks', `asOf=${at('02', '12')}&limit=1&page=1&orderBy=createdAt`);
    expect([names(paged), paged.totalCount, paged.totalPages]).toEqual([['Rate 2.10:changed'], 2, 2]);
    const gone = await list('trucks', `asOf=${at('03', '12')}&status=true`);
    expect([names(gone), gone.totalCount]).toEqual([['Second Rig:removed'], 1]);
    expect(gone.asOf).toEqual({ at: at('03', '12'), position: null, addedSince: 1 });
  });

  it('answers the loads list alike', async () => {
    const page = await list('loads', `asOf=${at('01', '12')}`);
    expect(
      page.data.map((load: { customerName: string; since: string }) => [load.customerName, load.since]),
    ).toEqual([['First Grain', 'removed']]);
    expect((await list('loads', `asOf=${at('02', '12')}`)).data[0].customerName).toBe('Renamed Grain');
    expect((await list('loads', `asOf=${at('04', '12')}`)).totalCount).toBe(0);
  });

  it('answers the overview as of a moment: totals and months', async () => {
    const get = async (url: string) =>
      (await app.app.inject({ method: 'GET', url, headers: { cookie: alice } })).json();
    expect((await get(`/api/v1/overview/totals?asOf=${at('02', '12')}`)).data).toEqual({
      truckCount: 2,
      loadCount: 1,
    });
    expect((await get(`/api/v1/overview/totals?asOf=${at('04', '12')}`)).data).toEqual({
      truckCount: 1,
      loadCount: 0,
    });
    const march = (answer: { data: { month: number; count: number }[] }) =>
      answer.data.find((month) => month.month === 3)?.count;
    expect(march(await get(`/api/v1/overview/monthly-counts?year=2026&asOf=${at('02', '12')}`))).toBe(2);
    expect(
      march(await get(`/api/v1/overview/monthly-counts?year=2026&type=loads&asOf=${at('03', '12')}`)),
    ).toBe(1);
    expect(
      march(
        await get(
          `/api/v1/overview/monthly-counts?year=2026&asOf=${at('02', '12')}&startDate=2026-03-02T00:00:00.000Z`,
        ),
      ),
    ).toBe(1);
  });

  it('answers the radius search as of a moment', async () => {
    const search = async (asOf: string) =>
      (
        await app.app.inject({
          method: 'GET',
          url: `/api/v1/radius-search?state=IL&city=Chicago&radius=50&asOf=${asOf}`,
          headers: { cookie: alice },
        })
      ).json();
    const day2 = await search(at('02', '12'));
    expect([day2.totalCount, day2.asOf.at]).toEqual([2, at('02', '12')]);
    expect(
      day2.data
        .map(
          (item: { truck: { truckName: string; since: string } }) =>
            `${item.truck.truckName}:${item.truck.since}`,
        )
        .sort(),
    ).toEqual(['Rate 2.10:changed', 'Second Rig:removed']);
    expect((await search(at('04', '12'))).totalCount).toBe(1);
  });

  it('answers the envelopes and their counts as of a moment, across their transitions', async () => {
    const get = async (url: string) =>
      (await app.app.inject({ method: 'GET', url, headers: { cookie: alice } })).json();
    const status = async (day: string) =>
      (await get(`/api/v1/envelopes?asOf=${at(day, '12')}`)).data.map(
        (envelope: { envelopeStatus: string; since: string }) =>
          `${envelope.envelopeStatus}:${envelope.since}`,
      );
    expect(await status('01')).toEqual(['sent:changed']);
    expect(await status('02')).toEqual(['delivered:changed']);
    expect(await status('03')).toEqual(['delivered:changed']);
    expect(await status('05')).toEqual(['completed:unchanged']);
    const counts = await get(`/api/v1/envelopes/counts?asOf=${at('03', '12')}`);
    expect(counts.data.filter((row: { count: number }) => row.count > 0)).toEqual([
      { count: 1, envelopeStatus: 'delivered' },
    ]);
    expect((await get('/api/v1/envelopes?asOf=2026-02-01T00:00:00.000Z')).totalCount).toBe(0);
  });

  it('takes an event position for the moment, exactly at that event', async () => {
    const atFirst = await list('trucks', `asOf=${positions.day1}`);
    expect([names(atFirst), atFirst.asOf.position]).toEqual([['Rate 2.10:changed'], String(positions.day1)]);
    expect(names(await list('trucks', `asOf=${positions.day3}`))).toEqual([
      'Rate 2.45:unchanged',
      'Second Rig:removed',
    ]);
  });

  it('shows no other organization, and refuses a moment that is not one', async () => {
    expect(
      (await list('trucks', `asOf=${at('02', '12')}`, bob)).data.map(
        (t: { truckName: string }) => t.truckName,
      ),
    ).toEqual(['Bob Rig']);
    for (const bad of ['yesterday', '2026-02-30', '99999999999', '-1', '1e5']) {
      const response = await app.app.inject({
        method: 'GET',
        url: `/api/v1/trucks?asOf=${bad}`,
        headers: { cookie: alice },
      });
      expect([bad, response.statusCode]).toEqual([bad, 400]);
    }
  });

  it("refuses a position of another organization's event on every answer that takes one", async () => {
    // Alice's first post: Bob may not learn when it happened, nor that it did.
    for (const path of [
      '/api/v1/trucks',
      '/api/v1/loads',
      '/api/v1/envelopes',
      '/api/v1/envelopes/counts',
      '/api/v1/overview/totals',
      '/api/v1/trucks/export.csv',
      '/api/v1/overview/monthly-counts',
    ]) {
      const response = await app.app.inject({
        method: 'GET',
        url: `${path}?asOf=${positions.day1}`,
        headers: { cookie: bob },
      });
      expect([path, response.statusCode, response.json().errors]).toEqual([
        path,
        400,
        { asOf: [AS_OF_POSITION_MESSAGE] },
      ]);
    }
    // Her own position is hers to use.
    expect((await list('trucks', `asOf=${positions.day1}`)).asOf.position).toBe(String(positions.day1));
  });
});
