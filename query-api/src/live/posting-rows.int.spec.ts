import { LIVE_EVENTS, type LiveChange, MAX_NOTICE_ROWS } from '@dispatch/domain';
import {
  createOrganization,
  join,
  signUp,
  startTestApp,
  type TestApp,
  validLoad,
  validTruck,
} from '@dispatch/test-kit';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPostingRows } from './posting-notice.ts';

let app: TestApp;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await startTestApp({ listen: true });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.stop();
});

/** A live connection of `cookie`'s session, once it is joined; `heard` collects its notices of `kind`. */
async function listen(cookie: string, kind: string) {
  const socket = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  sockets.push(socket);
  const heard: LiveChange[] = [];
  socket.on(LIVE_EVENTS.change, (change: LiveChange) => change.kind === kind && heard.push(change));
  await new Promise<void>((resolve, reject) => {
    socket.once(LIVE_EVENTS.ready, () => resolve());
    socket.once('connect_error', reject);
  });
  const next = (position: string) =>
    new Promise<LiveChange>((resolve) => {
      const check = () => {
        const found = heard.find((change) => change.position === position);
        if (found) resolve(found);
        else setTimeout(check, 10);
      };
      check();
    });
  return { heard, next };
}

const post = async (cookie: string, list: 'trucks' | 'loads', payload: object) => {
  const response = await app.app.inject({
    method: 'POST',
    url: `/api/v1/${list}`,
    headers: { cookie },
    payload,
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json().id as number, position: response.headers['x-event-position'] as string };
};

const listPage = async (cookie: string, list: 'trucks' | 'loads', position: string) => {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/v1/${list}`,
    headers: { cookie, 'x-min-position': position },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('rows in the live notices of trucks and loads', () => {
  it('carries a posted truck as the list shows it, with the board totals, to its organization only', async () => {
    const alice = await signUp(app, 'rows-alice@example.com');
    const bob = await signUp(app, 'rows-bob@example.com');
    await createOrganization(app, alice, 'Rows Alice');
    await createOrganization(app, bob, 'Rows Bob');
    const [aliceScreen, bobScreen] = await Promise.all([listen(alice, 'trucks'), listen(bob, 'trucks')]);

    const posted = await post(alice, 'trucks', validTruck);
    const notice = await aliceScreen.next(posted.position);
    const page = await listPage(alice, 'trucks', posted.position);
    expect(notice.ids).toEqual([posted.id]);
    expect(notice.rows).toEqual([page.data[0]]);
    expect(notice.removed).toEqual([]);
    expect(notice.board).toEqual({
      totalCount: page.totalCount,
      createdToday: page.totalTrucksCreatedToday,
      createdYesterday: page.totalTrucksCreatedYesterday,
      availableToday: page.totalAvailableToday,
      availableYesterday: page.totalAvailableYesterday,
    });

    const removed = await app.app.inject({
      method: 'DELETE',
      url: `/api/v1/trucks/${posted.id}?version=${page.data[0].version}`,
      headers: { cookie: alice },
    });
    expect(removed.statusCode).toBe(204);
    const position = removed.headers['x-event-position'] as string;
    const removal = await aliceScreen.next(position);
    expect(removal).toMatchObject({
      ids: [posted.id],
      rows: [],
      removed: [posted.id],
      board: { totalCount: 0 },
    });

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bobScreen.heard).toEqual([]);
  });

  it('leaves the margin out of a load row for every member, and says so', async () => {
    const owner = await signUp(app, 'rows-owner@example.com');
    await createOrganization(app, owner, 'Rows Margin');
    const member = await join(app, owner, 'rows-member@example.com', 'member');
    const [ownerScreen, memberScreen] = await Promise.all([
      listen(owner, 'loads'),
      listen(member.cookie, 'loads'),
    ]);

    const posted = await post(owner, 'loads', validLoad);
    const [seenByOwner, seenByMember] = await Promise.all([
      ownerScreen.next(posted.position),
      memberScreen.next(posted.position),
    ]);
    const ownersPage = await listPage(owner, 'loads', posted.position);
    expect(ownersPage.data[0]).toHaveProperty('margin');
    const { margin: _margin, marginUnit: _marginUnit, ...everyMembersRow } = ownersPage.data[0];
    expect(seenByOwner.rows).toEqual([everyMembersRow]);
    expect(seenByOwner.withheld).toEqual(['margin', 'marginUnit']);
    expect(seenByMember).toEqual(seenByOwner);
  });

  it(`names more than ${MAX_NOTICE_ROWS} postings by their ids only`, async () => {
    const carol = await signUp(app, 'rows-carol@example.com');
    const organization = await createOrganization(app, carol, 'Rows Cap');
    const posted = await post(carol, 'trucks', validTruck);
    await app.projector.waitFor(BigInt(posted.position), 5000);
    const ids = Array.from({ length: MAX_NOTICE_ROWS + 1 }, (_, index) => posted.id + index);
    const notice: LiveChange = { kind: 'trucks', ids, position: posted.position, orgId: organization.id };
    const documents = app.infrastructure.documents;
    // As the test app's query API: the board shows postings past their expiry moment until a sweep.
    const options = { hidesPastExpiry: false };
    expect(await withPostingRows(documents, options, notice)).toEqual(notice);
    const withinCap = await withPostingRows(documents, options, {
      ...notice,
      ids: ids.slice(0, MAX_NOTICE_ROWS),
    });
    expect(withinCap.rows?.map((row) => row.id)).toEqual([posted.id]);
  });
});
