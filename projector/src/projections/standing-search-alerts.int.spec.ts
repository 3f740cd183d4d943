import { randomUUID } from 'node:crypto';
import {
  notificationId,
  type SavedSearchEvent,
  savedSearchCreateSchema,
  savedSearchStream,
} from '@dispatch/domain';
import {
  collections,
  inProcessChangeFeed,
  type NotificationDocument,
  type ProjectionCommit,
  type SavedSearchDocument,
} from '@dispatch/read-models';
import type { DocumentStore, EventStore, WriteOperation } from '@dispatch/storage';
import { describe, expect, it } from 'vitest';
import { startProjector } from '../runner/index.ts';
import { documentStoreWith } from '../testing/document-store-with.ts';
import { eventMetadata, loadFixture } from '../testing/event-fixtures.ts';
import { memoryStoresPerTest } from '../testing/memory-stores.ts';
import { truckFixture } from '../testing/truck-fixture.ts';
import { projections } from './index.ts';

let events: EventStore;
let documents: DocumentStore;
memoryStoresPerTest((stores) => ({ events, documents } = stores));

const OWNER = 'user-owner';
const COLLEAGUE = 'user-colleague';

const metadata = (orgId: string, actorId: string) => eventMetadata({ orgId, actorId });

async function append(stream: string, type: string, data: object, orgId: string, actorId: string) {
  return events.append(stream, [{ id: randomUUID(), type, data, metadata: metadata(orgId, actorId) }], {
    expected: 'any',
  });
}

async function saveSearch(
  form: Record<string, unknown>,
  { orgId = 'org-a', ownerId = OWNER, alert = { inApp: true, email: false } } = {},
) {
  const savedSearchId = randomUUID();
  const input = savedSearchCreateSchema.parse({ name: 'Watch', alert, ...form });
  const event: SavedSearchEvent = { type: 'SavedSearchCreated', data: { savedSearchId, ownerId, ...input } };
  await append(savedSearchStream(savedSearchId), event.type, event.data, orgId, ownerId);
  return savedSearchId;
}

let nextTruck = 1;
async function postTruck(
  changes: Record<string, unknown> = {},
  { orgId = 'org-a', actorId = COLLEAGUE } = {},
) {
  const truckId = nextTruck++;
  const { position } = await append(
    `truck-${truckId}`,
    'TruckPosted',
    { truckId, ...truckFixture(`Truck ${truckId}`), ...changes },
    orgId,
    actorId,
  );
  return { truckId, position };
}
async function editTruck(truckId: number, changes: Record<string, unknown>, actorId = COLLEAGUE) {
  const { position } = await append(
    `truck-${truckId}`,
    'TruckUpdated',
    { truckId, changes },
    'org-a',
    actorId,
  );
  return position;
}

const load = loadFixture({
  trailerType: 'LOW_SIDED_HOPPER',
  destinationState: 'TX',
  destinationCity: 'Dallas',
  rateForTitan: 3,
  rateForCarrier: '',
  customerName: 'Prairie Grain Co.',
});

async function notifications(): Promise<NotificationDocument[]> {
  return documents.find<NotificationDocument>(collections.notifications, {
    sort: [{ field: 'seq', direction: 'asc' }],
  });
}

async function project(options: { feed?: ReturnType<typeof inProcessChangeFeed> } = {}) {
  const projector = await startProjector({ eventStore: events, documents, projections, ...options });
  expect(await projector.waitFor(await events.headPosition(), 5000)).toBe(true);
  return projector;
}

describe('standing searches alert as postings are projected', () => {
  it('alerts the owner once when a posting newly matches, not while it keeps matching, and again after it stopped', async () => {
    const search = await saveSearch({ kind: 'trucks', params: { status: 'true', trailerType: 'FLATBED' } });
    const feed = inProcessChangeFeed();
    const commits: ProjectionCommit[] = [];
    feed.subscribe((commit) => commits.push(commit));
    const projector = await project({ feed });

    const { truckId, position: posted } = await postTruck();
    await projector.waitFor(posted, 5000);
    expect(await notifications()).toMatchObject([
      {
        id: notificationId(search, posted),
        userId: OWNER,
        orgId: 'org-a',
        savedSearchId: search,
        savedSearchName: 'Watch',
        postingKind: 'trucks',
        postingId: truckId,
        reason: 'posted',
        title: `Truck ${truckId}`,
        detail: 'Flatbed · Des Moines, IA · available Nov 21, 2026',
        distance: null,
        read: false,
        inApp: true,
        email: 'none',
        seq: Number(posted),
        actorId: COLLEAGUE,
      },
    ]);
    // The push names the owner, whose bell it is for.
    expect(commits.flatMap((commit) => commit.changes)).toContainEqual({
      kind: 'notifications',
      orgId: 'org-a',
      ids: [OWNER],
    });

    // Still matching after an edit: nothing new.
    await projector.waitFor(await editTruck(truckId, { notes: 'still a flatbed' }), 5000);
    // It stops matching: nothing.
    await projector.waitFor(await editTruck(truckId, { status: false }), 5000);
    expect(await notifications()).toHaveLength(1);
    // It matches again: that is new.
    const again = await editTruck(truckId, { status: true });
    await projector.waitFor(again, 5000);
    const all = await notifications();
    expect(all.map((n) => [n.id, n.reason])).toEqual([
      [notificationId(search, posted), 'posted'],
      [notificationId(search, again), 'changed'],
    ]);
    await projector.close();
  });

  it('alerts nobody about a posting already past its expiry moment when it is posted or edited', async () => {
    const search = await saveSearch({ kind: 'trucks', params: { status: 'true', trailerType: 'FLATBED' } });
    const projector = await project();
    // Events at 10:00 UTC on 21 Nov: available on the 19th, so expired at the end of the 20th
    // (the day after its availability date); available on the 20th, so live until the end of the 21st.
    const stale = await postTruck({ availabilityDate: '2026-11-19' });
    const fresh = await postTruck({ availabilityDate: '2026-11-20' });
    const edited = await editTruck(stale.truckId, { notes: 'still a flatbed' });
    await projector.waitFor(edited, 5000);
    expect((await notifications()).map((n) => [n.id, n.postingId])).toEqual([
      [notificationId(search, fresh.position), fresh.truckId],
    ]);
    // Moved to an availability ahead: live again, and newly matching.
    const revived = await editTruck(stale.truckId, { availabilityDate: '2026-11-24' });
    await projector.waitFor(revived, 5000);
    expect((await notifications()).map((n) => [n.postingId, n.reason])).toEqual([
      [fresh.truckId, 'posted'],
      [stale.truckId, 'changed'],
    ]);
    await projector.close();
  });

  it('matches a radius search by great-circle miles from its city, on the posting as the event left it', async () => {
    const search = await saveSearch({
      kind: 'radius',
      params: { state: 'IL', city: 'Chicago', radius: '100' },
    });
    const projector = await project();
    const near = await postTruck({ truckState: 'WI', truckCity: 'Milwaukee' });
    const far = await postTruck({ truckState: 'TX', truckCity: 'Dallas' });
    await projector.waitFor(far.position, 5000);
    const [first, ...rest] = await notifications();
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ postingId: near.truckId, reason: 'posted' });
    expect(first?.distance).toBeGreaterThan(75);
    expect(first?.distance).toBeLessThan(90);

    // The far truck moves within the radius: it newly matches.
    const moved = await editTruck(far.truckId, { truckState: 'IN', truckCity: 'Gary' });
    await projector.waitFor(moved, 5000);
    expect((await notifications()).map((n) => [n.id, n.postingId, n.reason])).toEqual([
      [notificationId(search, near.position), near.truckId, 'posted'],
      [notificationId(search, moved), far.truckId, 'changed'],
    ]);
    await projector.close();
  });

  it('matches a lane search by both ends: a truck heading near the destination, not one that goes anywhere', async () => {
    const search = await saveSearch({
      kind: 'lane',
      params: {
        originState: 'IL',
        originCity: 'Chicago',
        destinationState: 'TX',
        destinationCity: 'Dallas',
        destinationRadius: '50',
      },
    });
    const projector = await project();
    const heading = await postTruck({
      truckState: 'WI',
      truckCity: 'Milwaukee',
      preferedState: 'TX',
      preferedCity: 'Dallas',
    });
    await postTruck({ truckState: 'WI', truckCity: 'Milwaukee' });
    const elsewhere = await postTruck({
      truckState: 'WI',
      truckCity: 'Milwaukee',
      preferedState: 'GA',
      preferedCity: 'Atlanta',
    });
    await projector.waitFor(elsewhere.position, 5000);
    const [first, ...rest] = await notifications();
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ postingId: heading.truckId, reason: 'posted' });
    // The deadhead from Chicago: Milwaukee is about 81 miles away.
    expect(first?.distance).toBeGreaterThan(75);
    expect(first?.distance).toBeLessThan(90);

    // The one heading to Atlanta turns to Fort Worth, about 31 miles from Dallas: it newly matches.
    const turned = await editTruck(elsewhere.truckId, { preferedState: 'TX', preferedCity: 'Fort Worth' });
    await projector.waitFor(turned, 5000);
    expect((await notifications()).map((n) => [n.id, n.postingId, n.reason])).toEqual([
      [notificationId(search, heading.position), heading.truckId, 'posted'],
      [notificationId(search, turned), elsewhere.truckId, 'changed'],
    ]);
    await projector.close();
  });

  it('matches loads by the loads list’s filters, and a backhaul by the destination', async () => {
    const board = await saveSearch({ kind: 'loads', params: { product: 'HEAVY', search: 'prairie' } });
    const backhaul = await saveSearch({
      kind: 'radius',
      params: { state: 'TX', city: 'Fort Worth', radius: '60', searchType: 'loads', around: 'destination' },
    });
    const byOrigin = await saveSearch({
      kind: 'radius',
      params: { state: 'TX', city: 'Fort Worth', radius: '60', searchType: 'loads' },
    });
    const projector = await project();
    const { position } = await append('load-1', 'LoadPosted', { loadId: 1, ...load }, 'org-a', COLLEAGUE);
    await projector.waitFor(position, 5000);
    const made = await notifications();
    expect(made.map((n) => n.savedSearchId).sort()).toEqual([board, backhaul].sort());
    expect(made.map((n) => n.savedSearchId)).not.toContain(byOrigin);
    expect(made.find((n) => n.savedSearchId === board)).toMatchObject({
      postingKind: 'loads',
      title: 'Des Moines, IA → Dallas, TX',
      detail: 'Low Sided Hopper · Heavy · available Nov 21, 2026 · Prairie Grain Co.',
    });
    await projector.close();
  });

  it("never matches another organization's postings, nor alerts anyone about their own", async () => {
    await saveSearch({ kind: 'trucks', params: {} });
    await saveSearch({ kind: 'trucks', params: {} }, { orgId: 'org-b', ownerId: 'user-b' });
    const projector = await project();
    await postTruck({}, { orgId: 'org-c', actorId: 'user-c' });
    const own = await postTruck({}, { actorId: OWNER });
    await projector.waitFor(own.position, 5000);
    expect(await notifications()).toEqual([]);
    const other = await postTruck({}, { orgId: 'org-b', actorId: 'user-b2' });
    await projector.waitFor(other.position, 5000);
    expect((await notifications()).map((n) => [n.orgId, n.userId])).toEqual([['org-b', 'user-b']]);
    await projector.close();
  });

  it('alerts only while the search alerts: not without alerts, not once deleted; e-mail is due when asked for', async () => {
    const quiet = await saveSearch({ kind: 'trucks', params: {} }, { alert: { inApp: false, email: false } });
    const projector = await project();
    await projector.waitFor((await postTruck()).position, 5000);
    expect(await notifications()).toEqual([]);

    await append(
      savedSearchStream(quiet),
      'SavedSearchAlertsChanged',
      { savedSearchId: quiet, alert: { inApp: false, email: true } },
      'org-a',
      OWNER,
    );
    const mailed = await postTruck();
    await projector.waitFor(mailed.position, 5000);
    expect(await notifications()).toMatchObject([{ inApp: false, email: 'due', postingId: mailed.truckId }]);

    await append(savedSearchStream(quiet), 'SavedSearchDeleted', { savedSearchId: quiet }, 'org-a', OWNER);
    const after = await postTruck();
    await projector.waitFor(after.position, 5000);
    expect(await notifications()).toHaveLength(1);
    expect(await documents.get<SavedSearchDocument>(collections.savedSearches, quiet)).toBeNull();
    await projector.close();
  });

  it('records the e-mail and the reading of notifications', async () => {
    const search = await saveSearch({ kind: 'trucks', params: {} }, { alert: { inApp: true, email: true } });
    const projector = await project();
    const first = await postTruck();
    const second = await postTruck();
    await projector.waitFor(second.position, 5000);
    const [one, two] = [notificationId(search, first.position), notificationId(search, second.position)];
    await append(
      savedSearchStream(search),
      'NotificationMailed',
      { savedSearchId: search, notificationId: one },
      'org-a',
      'system:saved-searches',
    );
    await append(
      'notification-inbox-org-a_x',
      'NotificationsRead',
      { userId: OWNER, notificationIds: [one], through: null },
      'org-a',
      OWNER,
    );
    // Someone else's reading, or another organization's, marks nothing.
    await append(
      'notification-inbox-org-a_y',
      'NotificationsRead',
      { userId: 'user-2', notificationIds: [two], through: null },
      'org-a',
      'user-2',
    );
    const { position } = await append(
      'notification-inbox-org-b_x',
      'NotificationsRead',
      { userId: OWNER, notificationIds: [two], through: String(second.position) },
      'org-b',
      OWNER,
    );
    await projector.waitFor(position, 5000);
    expect((await notifications()).map((n) => [n.id, n.email, n.read, n.mailedAt !== null])).toEqual([
      [one, 'sent', true, true],
      [two, 'due', false, false],
    ]);
    expect(await documents.get(collections.notificationInboxes, `org-a:${OWNER}`)).toBeNull();
    await projector.close();
  });
});

describe('a projector stopped midway', () => {
  /** A history: a standing search, then postings and edits, one in three newly matching. */
  async function history(count: number) {
    const search = await saveSearch({ kind: 'trucks', params: { trailerType: 'FLATBED', status: 'true' } });
    const expected: string[] = [];
    for (let i = 0; i < count; i++) {
      const flatbed = i % 3 === 0;
      const { truckId, position } = await postTruck({
        trailerType: flatbed ? 'FLATBED' : 'LOW_SIDED_HOPPER',
      });
      if (flatbed) expected.push(notificationId(search, position));
      if (i % 5 === 4) {
        // A hopper turned flatbed newly matches; a flatbed made unavailable stops matching.
        const changes = flatbed ? { status: false } : { trailerType: 'FLATBED' };
        const edited = await editTruck(truckId, changes);
        if (!flatbed) expected.push(notificationId(search, edited));
      }
    }
    return expected.sort();
  }

  it('neither loses nor repeats a notification when it stops mid-batch and restarts from its checkpoint', async () => {
    const expected = await history(60);
    // It crashes after three committed batches: the fourth write never happens.
    let writes = 0;
    let crashed = false;
    const crashing = documentStoreWith(documents, {
      write: async (operations: WriteOperation[]) => {
        if (crashed || ++writes > 3) {
          crashed = true;
          throw new Error('the process was killed');
        }
        return documents.write(operations);
      },
    });
    const first = await startProjector({
      eventStore: events,
      documents: crashing,
      projections,
      batchSize: 7,
      catchUpBatchSize: 7,
      onError: () => {},
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.close();
    const checkpoint = await documents.get(collections.checkpoints, 'read-models');
    const head = await events.headPosition();
    expect(BigInt(checkpoint?.position ?? '0')).toBeGreaterThan(0n);
    expect(BigInt(checkpoint?.position ?? '0')).toBeLessThan(head);
    const before = (await notifications()).map((n) => n.id);
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThan(expected.length);

    // The next process starts from the checkpoint.
    const second = await startProjector({ eventStore: events, documents, projections, batchSize: 7 });
    expect(await second.waitFor(head, 5000)).toBe(true);
    await second.close();
    const after = (await notifications()).map((n) => n.id).sort();
    expect(after).toEqual(expected);
    expect(new Set(after).size).toBe(after.length);
  });

  it('makes the same notifications when a failed write makes it apply a batch again, or when it replays everything', async () => {
    const expected = await history(30);
    let failures = 2;
    const flaky = documentStoreWith(documents, {
      write: async (operations: WriteOperation[]) => {
        if (operations.length > 1 && failures-- > 0) throw new Error('disk full');
        return documents.write(operations);
      },
    });
    const projector = await startProjector({
      eventStore: events,
      documents: flaky,
      projections,
      batchSize: 5,
      catchUpBatchSize: 5,
      onError: () => {},
    });
    expect(await projector.waitFor(await events.headPosition(), 10_000)).toBe(true);
    await projector.close();
    expect((await notifications()).map((n) => n.id).sort()).toEqual(expected);

    // Everything again from the first event, under another checkpoint, into the same read models.
    const replay = await startProjector({ eventStore: events, documents, projections, name: 'replay' });
    expect(await replay.waitFor(await events.headPosition(), 5000)).toBe(true);
    await replay.close();
    expect((await notifications()).map((n) => n.id).sort()).toEqual(expected);
  });
});
