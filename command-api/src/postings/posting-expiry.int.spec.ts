import { savedSearchOneAnswerSchema } from '@dispatch/domain';
import { collections } from '@dispatch/read-models';
import type { Document, DocumentStore, EventStore, Query } from '@dispatch/storage';
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

function sweeper(
  given: { store?: EventStore; documents?: DocumentStore; pageSize?: number; errors?: unknown[] } = {},
) {
  return postingExpirySweeper({
    store: given.store ?? app.infrastructure.eventStore,
    documents: given.documents ?? app.infrastructure.documents,
    clock: () => new Date(),
    log: { error: (error: unknown) => (given.errors ? given.errors.push(error) : console.error(error)) },
    pageSize: given.pageSize,
    // The projector of the app, as the product's sweep holds it.
    projectionHold: app.projectionHold,
  });
}

/** The event store, with `before` run ahead of each call appending to many streams at once. */
function storeWith(before: (call: number) => Promise<void>, after?: (call: number) => void): EventStore {
  const store = app.infrastructure.eventStore;
  let calls = 0;
  return {
    append: (streamId, events, options) => store.append(streamId, events, options),
    appendToStreams: async (appends) => {
      calls += 1;
      await before(calls);
      const outcomes = await store.appendToStreams(appends);
      after?.(calls);
      return outcomes;
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readStreams: (streamIds) => store.readStreams(streamIds),
    readAll: (from, max) => store.readAll(from, max),
    headPosition: () => store.headPosition(),
    subscribe: (from, handler, options) => store.subscribe(from, handler, options),
    close: () => store.close(),
  };
}

/** The event store, with its reads of postings' streams and its appends to many streams counted. */
function countedStore() {
  const store = app.infrastructure.eventStore;
  const calls = { readStream: 0, readStreams: 0, appendToStreams: 0 };
  const counted: EventStore = {
    ...storeWith(async () => {
      calls.appendToStreams += 1;
    }),
    readStream: (streamId, options) => {
      if (/^(truck|load)-/.test(streamId)) calls.readStream += 1;
      return store.readStream(streamId, options);
    },
    readStreams: (streamIds) => {
      calls.readStreams += 1;
      return store.readStreams(streamIds);
    },
  };
  return { store: counted, calls };
}

type Due = Document & { expiresAt: string };

/**
 * The trucks list as it stood when taken, for a sweep that reads it while the projector is behind:
 * the due-set queries of the sweep (by expiry instant, then id) answered from the rows kept.
 */
async function listAsOfNow(): Promise<DocumentStore> {
  const documents = app.infrastructure.documents;
  const rows = await documents.find<Due>(collections.trucks, { filter: {}, limit: 100_000 });
  const holds = (value: string, condition: Record<string, string>) =>
    Object.entries(condition).every(([operator, bound]) =>
      operator === 'eq'
        ? value === bound
        : operator === 'gt'
          ? value > bound
          : operator === 'lte'
            ? value <= bound
            : false,
    );
  const find = async <T extends Document>(collection: string, query: Query): Promise<T[]> => {
    if (collection !== collections.trucks) return [];
    const filter = query.filter as Record<'expiresAt' | 'id', Record<string, string> | undefined>;
    return rows
      .filter((row) => holds(row.expiresAt, filter.expiresAt ?? {}) && holds(row.id, filter.id ?? {}))
      .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.id.localeCompare(b.id))
      .slice(0, query.limit) as unknown as T[];
  };
  return new Proxy(documents, {
    get: (target, field, receiver) => (field === 'find' ? find : Reflect.get(target, field, receiver)),
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

describe('sweeps, a page appended at once', () => {
  it('expire the rest of a page when one posting changed between the read and the append, and decide that one again', async () => {
    const posted = new Date(Date.now() - 9 * DAY).toISOString();
    const ids = Array.from({ length: 6 }, () => newId());
    for (const id of ids)
      await history.postTruck(id, { availabilityDate: '2026-12-30' }, posted, owner.memberId);
    await settled();
    const [edited, refreshed] = [ids[1] as number, ids[4] as number];
    // Another writer between the sweep's reads and its append: an edit that leaves the truck due, and a refresh.
    const racing = storeWith(async (call) => {
      if (call !== 1) return;
      await history.updateTruck(
        edited,
        { notes: 'Tarps on board' },
        new Date().toISOString(),
        owner.memberId,
      );
      await history.append(
        `truck-${refreshed}`,
        'TruckRefreshed',
        { truckId: refreshed },
        new Date().toISOString(),
        owner.memberId,
      );
    });
    expect(await sweeper({ store: racing }).sweep(new Date())).toBe(5);
    await settled();
    const counts = await Promise.all(ids.map((id) => expiriesOf(`truck-${id}`)));
    expect(counts).toEqual(ids.map((id) => (id === refreshed ? 0 : 1)));
    const types = (await app.infrastructure.eventStore.readStream(`truck-${edited}`)).map(
      (event) => event.type,
    );
    expect(types).toEqual(['TruckPosted', 'TruckUpdated', 'TruckExpired']);
    expect(await listIds()).toContain(refreshed);
    expect(await sweepAt(new Date())).toBe(0);
  });

  it('hold the projector while a sweep of more than a page commits, and let it go once the sweep is over', async () => {
    const hold = app.projectionHold;
    if (!hold) throw new Error('The test app holds its projector during large sweeps');
    const posted = new Date(Date.now() - 9 * DAY).toISOString();
    const ids = Array.from({ length: 5 }, () => newId());
    for (const id of ids)
      await history.postTruck(id, { availabilityDate: '2026-12-30' }, posted, owner.memberId);
    await settled();
    const heldAtAppend: boolean[] = [];
    const watched = storeWith(async () => {
      heldAtAppend.push(hold.held());
    });
    // Pages of 2: three appends, the projector held from the first full page on.
    expect(await sweeper({ store: watched, pageSize: 2 }).sweep(new Date())).toBe(ids.length);
    expect(heldAtAppend).toEqual([true, true, true]);
    expect(hold.held()).toBe(false);
    await settled();
    expect(await listIds()).not.toEqual(expect.arrayContaining([ids[0]]));
    // One due posting, a page not full: nothing to hold the projector for.
    const alone = newId();
    await history.postTruck(alone, { availabilityDate: '2026-12-30' }, posted, owner.memberId);
    await settled();
    heldAtAppend.length = 0;
    expect(await sweeper({ store: watched, pageSize: 2 }).sweep(new Date())).toBe(1);
    expect(heldAtAppend).toEqual([false]);
  });

  it('decide each due posting on the revision its list row shows, without reading its stream', async () => {
    const posted = new Date(Date.now() - 9 * DAY).toISOString();
    const ids = Array.from({ length: 7 }, () => newId());
    for (const id of ids) {
      if (id % 2 === 0)
        await history.postTruck(id, { availabilityDate: '2026-12-30' }, posted, owner.memberId);
      else await history.postLoad(id, { availabilityDate: '2026-12-30' }, posted, owner.memberId);
    }
    await settled();
    const { store, calls } = countedStore();
    expect(await sweeper({ store, pageSize: 3 }).sweep(new Date())).toBe(ids.length);
    expect(calls).toMatchObject({ readStream: 0, readStreams: 0 });
    // Pages of 3: the trucks' and the loads' pages, each appended once.
    const trucks = ids.filter((id) => id % 2 === 0).length;
    expect(calls.appendToStreams).toBe(Math.ceil(trucks / 3) + Math.ceil((ids.length - trucks) / 3));
    await settled();
    for (const id of ids) {
      const events = await app.infrastructure.eventStore.readStream(
        id % 2 === 0 ? `truck-${id}` : `load-${id}`,
      );
      expect(events.map((event) => [event.type, event.revision])).toEqual([
        [id % 2 === 0 ? 'TruckPosted' : 'LoadPosted', 0n],
        [id % 2 === 0 ? 'TruckExpired' : 'LoadExpired', 1n],
      ]);
      expect(events[1]?.data).toEqual(
        id % 2 === 0 ? { truckId: id, reason: 'age' } : { loadId: id, reason: 'age' },
      );
      expect(events[1]?.metadata).toMatchObject({ orgId: owner.organization.id, actorId: 'system:postings' });
    }
  });

  it('read the streams of a page whose rows the projector has not caught up together, and decide them on what they hold', async () => {
    const posted = new Date(Date.now() - 9 * DAY).toISOString();
    const ids = Array.from({ length: 6 }, () => newId());
    for (const id of ids)
      await history.postTruck(id, { availabilityDate: '2026-12-30' }, posted, owner.memberId);
    await settled();
    const stale = await listAsOfNow();
    // Since the rows were read: every truck edited (still due), and the last one refreshed (no longer due).
    for (const id of ids)
      await history.updateTruck(id, { notes: 'Tarps on board' }, new Date().toISOString(), owner.memberId);
    const refreshed = ids.at(-1) as number;
    await history.append(
      `truck-${refreshed}`,
      'TruckRefreshed',
      { truckId: refreshed },
      new Date().toISOString(),
      owner.memberId,
    );
    const { store, calls } = countedStore();
    expect(await sweeper({ store, documents: stale, pageSize: 3 }).sweep(new Date())).toBe(5);
    // One read of a page's streams, not one a posting.
    expect(calls).toMatchObject({ readStream: 0, readStreams: 2 });
    await settled();
    const counts = await Promise.all(ids.map((id) => expiriesOf(`truck-${id}`)));
    expect(counts).toEqual(ids.map((id) => (id === refreshed ? 0 : 1)));
    expect(await sweepAt(new Date())).toBe(0);
  });

  it('expire every due posting exactly once when the sweep stops part-way and a new one reads a list the projector has not caught up', async () => {
    const posted = new Date(Date.now() - 9 * DAY).toISOString();
    const ids = Array.from({ length: 8 }, () => newId());
    for (const id of ids)
      await history.postTruck(id, { availabilityDate: '2026-12-30' }, posted, owner.memberId);
    await settled();
    const stale = await listAsOfNow();
    const now = new Date();
    // Pages of 3: the first is stored and answered, the second stored but its answer lost, the third never stored.
    const errors: unknown[] = [];
    const stopping = storeWith(
      async (call) => {
        if (call >= 3) throw new Error('the process ended');
      },
      (call) => {
        if (call === 2) throw new Error('the process ended');
      },
    );
    expect(await sweeper({ store: stopping, pageSize: 3, errors }).sweep(now)).toBe(3);
    expect(errors).toHaveLength(2);
    // After the restart, from the list as it was before the first sweep: its 8 trucks look due.
    expect(await sweeper({ documents: stale, pageSize: 3 }).sweep(now)).toBe(2);
    await settled();
    const counts = await Promise.all(ids.map((id) => expiriesOf(`truck-${id}`)));
    expect(counts).toEqual(ids.map(() => 1));
    expect(await sweepAt(now)).toBe(0);
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
