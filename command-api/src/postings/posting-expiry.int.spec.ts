import { savedSearchOneAnswerSchema } from '@dispatch/domain';
import {
  join,
  ownerWithOrganization,
  PostingHistory,
  requestsWith,
  startTestApp,
  type TestApp,
  validTruck,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingExpirySweeper } from './posting-expiry-sweeper.ts';

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let watcher: Awaited<ReturnType<typeof join>>;
let history: PostingHistory;

beforeAll(async () => {
  app = await startTestApp();
  // A Chicago organization: its dates read in America/Chicago (the default zone, stated here).
  owner = await ownerWithOrganization(app, 'expiry-owner@example.com', 'Aging Freight');
  const zone = await inject(owner.cookie, 'POST', '/api/v1/organization/update', {
    timeZone: 'America/Chicago',
  });
  expect(zone.statusCode, zone.body).toBe(200);
  watcher = await join(app, owner.cookie, 'expiry-watcher@example.com');
  history = new PostingHistory(app, owner.organization.id);
});
afterAll(() => app.stop());

const inject = requestsWith(() => app);
const DAY = 86_400_000;

async function settled() {
  await app.projector.waitFor(await app.infrastructure.eventStore.headPosition(), 5000);
}

function sweeper() {
  return postingExpirySweeper({
    store: app.infrastructure.eventStore,
    documents: app.infrastructure.documents,
    clock: () => new Date(),
    log: { error: (error: unknown) => console.error(error) },
  });
}

async function sweepAt(at: Date | string) {
  const expired = await sweeper().sweep(new Date(at));
  await settled();
  return expired;
}

/** How many expiries each posting's stream holds. */
async function expiriesOf(stream: string) {
  const events = await app.infrastructure.eventStore.readStream(stream);
  return events.filter((event) => event.type.endsWith('Expired')).length;
}

async function listIds(path = '/api/v1/trucks?limit=100') {
  const response = await inject(owner.cookie, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { id: number }[]).map((row) => row.id);
}

let nextId = 900_000;
const newId = () => {
  nextId += 1;
  return nextId;
};

describe('posting expiry, in the organization time zone', () => {
  it('expires a truck available Nov 27 at Nov 29 00:00 Chicago time, not a minute before', async () => {
    const id = newId();
    await history.postTruck(
      id,
      { availabilityDate: '2026-11-27' },
      '2026-11-27T15:00:00.000Z',
      owner.memberId,
    );
    await settled();
    const truck = (await inject(owner.cookie, 'GET', `/api/v1/trucks/${id}`)).json();
    expect(truck).toMatchObject({
      postedAt: '2026-11-27T15:00:00.000Z',
      refreshedAt: '2026-11-27T15:00:00.000Z',
      expiresAt: '2026-11-29T06:00:00.000Z',
    });
    await sweepAt('2026-11-29T05:59:00.000Z');
    expect(await expiriesOf(`truck-${id}`)).toBe(0);
    await sweepAt('2026-11-29T06:00:00.000Z');
    expect(await expiriesOf(`truck-${id}`)).toBe(1);
    const events = await app.infrastructure.eventStore.readStream(`truck-${id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'TruckExpired',
      data: { truckId: id, reason: 'availability' },
    });
  });

  it('expires a truck refreshed 8 days ago, and not one refreshed since', async () => {
    const now = Date.now();
    const [stale, refreshed] = [newId(), newId()];
    const eightDaysAgo = new Date(now - 8 * DAY - 60_000).toISOString();
    await history.postTruck(stale, { availabilityDate: '2026-12-30' }, eightDaysAgo, owner.memberId);
    await history.postTruck(refreshed, { availabilityDate: '2026-12-30' }, eightDaysAgo, owner.memberId);
    await settled();
    const refresh = await inject(owner.cookie, 'POST', `/api/v1/trucks/${refreshed}/refresh`, {});
    expect(refresh.statusCode, refresh.body).toBe(200);
    expect(Date.parse(refresh.json().refreshedAt)).toBeGreaterThanOrEqual(now);
    await settled();
    await sweepAt(new Date(now + 1000));
    expect(await expiriesOf(`truck-${stale}`)).toBe(1);
    expect(await expiriesOf(`truck-${refreshed}`)).toBe(0);
    const events = await app.infrastructure.eventStore.readStream(`truck-${stale}`);
    expect(events.at(-1)).toMatchObject({ type: 'TruckExpired', data: { reason: 'age' } });
  });

  it('follows the organization postingMaxAgeDays (1 to 30)', async () => {
    const bad = await inject(owner.cookie, 'POST', '/api/v1/organization/update', { postingMaxAgeDays: 31 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.postingMaxAgeDays).toEqual([
      'Posting max age must be a whole number of days from 1 to 30',
    ]);
    const set = await inject(owner.cookie, 'POST', '/api/v1/organization/update', { postingMaxAgeDays: 2 });
    expect(set.statusCode, set.body).toBe(200);
    await settled();
    const active = await inject(owner.cookie, 'GET', '/api/v1/organization/get-full-organization');
    expect(active.json().data ?? active.json()).toMatchObject({ postingMaxAgeDays: 2 });
    const id = newId();
    const posted = new Date(Date.now() - 2 * DAY - 60_000).toISOString();
    await history.postTruck(id, { availabilityDate: '2026-12-30' }, posted, owner.memberId);
    await settled();
    await sweepAt(new Date());
    expect(await expiriesOf(`truck-${id}`)).toBe(1);
    await inject(owner.cookie, 'POST', '/api/v1/organization/update', { postingMaxAgeDays: 8 });
    await settled();
  });
});

describe('sweeps, restarted and concurrent', () => {
  it('expire every due posting exactly once, whatever runs twice', async () => {
    const posted = new Date(Date.now() - 9 * DAY).toISOString();
    const ids = Array.from({ length: 40 }, () => newId());
    for (const id of ids) {
      if (id % 2 === 0)
        await history.postTruck(id, { availabilityDate: '2026-12-30' }, posted, owner.memberId);
      else await history.postLoad(id, { availabilityDate: '2026-12-30' }, posted, owner.memberId);
    }
    await settled();
    const now = new Date();
    // Two sweeps at once, before the read models have seen either's expiries, then one after a restart.
    const [first, second] = await Promise.all([sweeper().sweep(now), sweeper().sweep(now)]);
    const restarted = await sweeper().sweep(now);
    await settled();
    expect(first + second + restarted).toBe(ids.length);
    expect(await sweepAt(now)).toBe(0);
    const counts = await Promise.all(
      ids.map((id) => expiriesOf(id % 2 === 0 ? `truck-${id}` : `load-${id}`)),
    );
    expect(counts).toEqual(ids.map(() => 1));
  });
});

describe('an expired posting', () => {
  it('leaves the lists, the radius search and the alerts, stays in the expired view and the past, and comes back on refresh', async () => {
    const search = await inject(watcher.cookie, 'POST', '/api/v1/saved-searches', {
      name: 'Chicago flatbeds',
      kind: 'radius',
      params: { state: 'IL', city: 'Chicago', radius: '50', trailerType: 'FLATBED' },
      alert: { inApp: true, email: false },
    });
    expect(search.statusCode, search.body).toBe(201);
    savedSearchOneAnswerSchema.parse(search.json());
    const created = await inject(owner.cookie, 'POST', '/api/v1/trucks', {
      ...validTruck,
      truckName: 'Soon Gone',
      availabilityDate: '2026-12-30',
    });
    expect(created.statusCode, created.body).toBe(201);
    const truck = created.json();
    await settled();
    const notifications = async () =>
      (await inject(watcher.cookie, 'GET', '/api/v1/notifications')).json().data as { postingId: number }[];
    const alertsBefore = (await notifications()).filter((note) => note.postingId === truck.id).length;
    expect(alertsBefore).toBe(1);
    const radiusIds = async () => {
      const radius = await inject(
        owner.cookie,
        'GET',
        '/api/v1/radius-search?state=IL&city=Chicago&radius=50&limit=100',
      );
      expect(radius.statusCode, radius.body).toBe(200);
      return (radius.json().data as { truck: { id: number } }[]).map((row) => row.truck.id);
    };
    expect(await radiusIds()).toContain(truck.id);
    expect(await listIds()).toContain(truck.id);
    const beforeExpiry = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));

    // Past its age limit.
    expect(await sweepAt(new Date(Date.now() + 8 * DAY + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await listIds()).not.toContain(truck.id);
    expect(await listIds('/api/v1/trucks?limit=100&orderBy=refreshedAt')).not.toContain(truck.id);
    expect(await radiusIds()).not.toContain(truck.id);
    const expired = await inject(owner.cookie, 'GET', '/api/v1/trucks/expired');
    expect(expired.statusCode, expired.body).toBe(200);
    expect(expired.json().data).toContainEqual(expect.objectContaining({ id: truck.id, expired: true }));
    const past = await inject(owner.cookie, 'GET', `/api/v1/trucks?limit=100&asOf=${beforeExpiry}`);
    expect((past.json().data as { id: number }[]).map((row) => row.id)).toContain(truck.id);

    // An edit of an expired truck that a search matches alerts nobody: it is off the board.
    const edit = await inject(owner.cookie, 'PATCH', `/api/v1/trucks/${truck.id}`, {
      truckName: 'Still Gone',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await settled();
    expect((await notifications()).filter((note) => note.postingId === truck.id)).toHaveLength(alertsBefore);
    expect(await listIds()).not.toContain(truck.id);

    // One click re-posts it: back on the board, its age counting from now.
    const repost = await inject(owner.cookie, 'POST', `/api/v1/trucks/${truck.id}/refresh`, {});
    expect(repost.statusCode, repost.body).toBe(200);
    expect(repost.json()).toMatchObject({ id: truck.id, expired: false, truckName: 'Still Gone' });
    await settled();
    expect(await listIds()).toContain(truck.id);
    expect((await inject(owner.cookie, 'GET', '/api/v1/trucks/expired')).json().data).not.toContainEqual(
      expect.objectContaining({ id: truck.id }),
    );
    const types = (await app.infrastructure.eventStore.readStream(`truck-${truck.id}`)).map(
      (event) => event.type,
    );
    expect(types.slice(-3)).toEqual(['TruckExpired', 'TruckUpdated', 'TruckReposted']);
  });

  it('is refused a refresh by another organization, and a body with fields', async () => {
    const stranger = await ownerWithOrganization(app, 'expiry-stranger@example.com', 'Other Freight');
    const created = await inject(owner.cookie, 'POST', '/api/v1/trucks', {
      ...validTruck,
      availabilityDate: '2026-12-30',
    });
    const id = created.json().id as number;
    const foreign = await inject(stranger.cookie, 'POST', `/api/v1/trucks/${id}/refresh`, {});
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, `Truck ${id} not found`]);
    const extra = await inject(owner.cookie, 'POST', `/api/v1/trucks/${id}/refresh`, {
      refreshedAt: '2020-01-01',
    });
    expect(extra.statusCode).toBe(400);
    const before = await app.infrastructure.eventStore.readStream(`truck-${id}`);
    expect(before).toHaveLength(1);
  });

  it('sorts the lists by age and filters them by a maximum age', async () => {
    const old = newId();
    await history.postTruck(
      old,
      { availabilityDate: '2026-12-30', truckName: 'Old Timer' },
      new Date(Date.now() - 5 * 3_600_000).toISOString(),
      owner.memberId,
    );
    const fresh = await inject(owner.cookie, 'POST', '/api/v1/trucks', {
      ...validTruck,
      availabilityDate: '2026-12-30',
    });
    await settled();
    const youngest = await listIds('/api/v1/trucks?limit=100&orderBy=refreshedAt&sort=desc');
    expect(youngest.indexOf(fresh.json().id)).toBeLessThan(youngest.indexOf(old));
    const young = await listIds('/api/v1/trucks?limit=100&maxAgeHours=4');
    expect(young).toContain(fresh.json().id);
    expect(young).not.toContain(old);
    expect((await inject(owner.cookie, 'GET', '/api/v1/trucks?maxAgeHours=0')).statusCode).toBe(400);
  });
});
