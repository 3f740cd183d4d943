import { collections } from '@dispatch/read-models';
import {
  ownerWithOrganization,
  PostingHistory,
  requestsWith,
  startTestApp,
  type TestApp,
} from '@dispatch/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * A posting past its expiry moment is off the board at once (docs/rules.md#posting-age-and-expiry):
 * before the sweep has appended its expiry, no list, search, radius or lane search, match or export
 * shows it. The test app runs no sweep: the postings below are past their moment, never expired.
 */

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
const inject = requestsWith(() => app);
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Posted 8 days (the default postingMaxAgeDays) before `expiresAt`: its age expires it then. */
const postedFor = (expiresAt: number) => new Date(expiresAt - 8 * DAY).toISOString();
const inTwoWeeks = new Date(Date.now() + 14 * DAY).toISOString().slice(0, 10);
const now = Date.now();
/** Past its expiry moment a minute ago; and one an hour from now. */
const pastExpiry = now - 60_000;
const laterExpiry = now + HOUR;
const ids = { staleTruck: 810_001, liveTruck: 810_002, staleLoad: 810_003, liveLoad: 810_004 };

beforeAll(async () => {
  app = await startTestApp({ hidesPastExpiry: true });
  owner = await ownerWithOrganization(app, 'query-time-expiry@example.com', 'Ticking Freight');
  const history = new PostingHistory(app, owner.organization.id);
  const truck = (truckName: string) => ({ truckName, trailerType: 'FLATBED', availabilityDate: inTwoWeeks });
  const load = (customerName: string) => ({
    customerName,
    trailerType: 'FLATBED',
    originState: 'IL',
    originCity: 'Chicago',
    destinationState: 'TX',
    destinationCity: 'Dallas',
    availabilityDate: inTwoWeeks,
  });
  await history.postTruck(ids.staleTruck, truck('Tick Stale'), postedFor(pastExpiry), owner.memberId);
  await history.postTruck(ids.liveTruck, truck('Tick Live'), postedFor(laterExpiry), owner.memberId);
  await history.postLoad(ids.staleLoad, load('Tick Stale Cargo'), postedFor(pastExpiry), owner.memberId);
  await history.postLoad(ids.liveLoad, load('Tick Live Cargo'), postedFor(laterExpiry), owner.memberId);
  await app.projector.waitFor(history.position, 5000);
});
afterAll(() => app.stop());
afterEach(() => vi.useRealTimers());

async function body(path: string) {
  const response = await inject(owner.cookie, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

type Row = { id?: number; truck?: { id: number }; load?: { id: number } };
const idsOf = (rows: Row[]) => rows.map((row) => row.id ?? row.truck?.id ?? row.load?.id);

/** A posting's matches, or that it is not found (off the board). */
async function matchesOf(path: string) {
  const response = await inject(owner.cookie, 'GET', path);
  if (response.statusCode === 404) return 'not found';
  expect(response.statusCode, response.body).toBe(200);
  return idsOf(response.json().data);
}

/** What each live read of the board shows of the four postings. */
async function board() {
  const trucksList = (await body('/api/v1/trucks?limit=100')).json();
  const loadsList = (await body('/api/v1/loads?limit=100')).json();
  const search = (await body('/api/v1/search?q=tick')).json();
  const searchById = (await body(`/api/v1/search?q=${ids.staleTruck}`)).json();
  const radius = (await body('/api/v1/radius-search?state=IL&city=Chicago&radius=50')).json();
  const radiusLoads = (
    await body('/api/v1/radius-search?state=IL&city=Chicago&radius=50&searchType=loads')
  ).json();
  const lanes = (
    await body(
      '/api/v1/lane-search?originState=IL&originCity=Chicago&originRadius=50&searchType=loads&destinationState=TX&destinationCity=Dallas&destinationRadius=50',
    )
  ).json();
  const csv = (await body('/api/v1/trucks/export.csv')).body;
  const radiusCsv = (await body('/api/v1/radius-search/export.csv?state=IL&city=Chicago&radius=50')).body;
  return {
    trucks: { ids: idsOf(trucksList.data), total: trucksList.totalCount },
    loads: { ids: idsOf(loadsList.data), total: loadsList.totalCount },
    search: [...idsOf(search.trucks), ...idsOf(search.loads)],
    searchById: idsOf(searchById.trucks),
    radius: { ids: idsOf(radius.data), total: radius.totalCount },
    radiusLoads: idsOf(radiusLoads.data),
    lanes: { ids: idsOf(lanes.data), total: lanes.totalCount },
    loadMatches: await matchesOf(`/api/v1/loads/${ids.liveLoad}/matches`),
    truckMatches: await matchesOf(`/api/v1/trucks/${ids.liveTruck}/matches`),
    csv: ['Tick Stale', 'Tick Live'].filter((name) => csv.includes(name)),
    radiusCsv: ['Tick Stale', 'Tick Live'].filter((name) => radiusCsv.includes(name)),
  };
}

describe('postings past their expiry moment, not yet expired by the sweep', () => {
  it('are still on the live list, as stored, with their expiry moment passed', async () => {
    const stale = await app.infrastructure.documents.get(collections.trucks, String(ids.staleTruck));
    expect(stale?.expiresAt).toBe(new Date(pastExpiry).toISOString());
  });

  it('show in no list, search, radius or lane search, match or export', async () => {
    expect(await board()).toEqual({
      trucks: { ids: [ids.liveTruck], total: 1 },
      loads: { ids: [ids.liveLoad], total: 1 },
      search: [ids.liveTruck, ids.liveLoad],
      searchById: [],
      radius: { ids: [ids.liveTruck], total: 1 },
      radiusLoads: [ids.liveLoad],
      lanes: { ids: [ids.liveLoad], total: 1 },
      loadMatches: [ids.liveTruck],
      truckMatches: [ids.liveLoad],
      csv: ['Tick Live'],
      radiusCsv: ['Tick Live'],
    });
    // Their own matches are answered as those of a posting the sweep expired.
    const matches = await inject(owner.cookie, 'GET', `/api/v1/loads/${ids.staleLoad}/matches`);
    expect(matches.statusCode).toBe(404);
  });

  it('leave the board at their expiry moment, not a second before, though no event came in between', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: laterExpiry - 1000 });
    const before = await board();
    expect(before.trucks).toEqual({ ids: [ids.liveTruck], total: 1 });
    expect(before.loadMatches).toEqual([ids.liveTruck]);

    vi.setSystemTime(laterExpiry);
    expect(await board()).toEqual({
      trucks: { ids: [], total: 0 },
      loads: { ids: [], total: 0 },
      search: [],
      searchById: [],
      radius: { ids: [], total: 0 },
      radiusLoads: [],
      lanes: { ids: [], total: 0 },
      loadMatches: 'not found',
      truckMatches: 'not found',
      csv: [],
      radiusCsv: [],
    });
  });
});
