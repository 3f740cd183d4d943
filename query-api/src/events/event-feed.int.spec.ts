import { randomUUID } from 'node:crypto';
import { hashApiKeySecret, newApiKeySecret } from '@dispatch/auth';
import {
  type ApiKeyScope,
  apiKeyStream,
  EVENT_POSITION_HEADER,
  type FeedItem,
  type FeedPageAnswer,
  feedPageAnswerSchema,
} from '@dispatch/domain';
import {
  join,
  ownerWithOrganization,
  query,
  startTestApp,
  type TestApp,
  validTruck,
} from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let stranger: Awaited<ReturnType<typeof ownerWithOrganization>>;
let member: Awaited<ReturnType<typeof join>>;

async function post(
  cookie: string,
  url: string,
  payload: object,
  method: 'POST' | 'PATCH' | 'DELETE' = 'POST',
) {
  const response = await app.app.inject({ method, url, headers: { cookie, origin: app.url }, payload });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  const position = response.headers[EVENT_POSITION_HEADER];
  if (typeof position === 'string') await app.projector.waitFor(BigInt(position), 5000);
  return response.body ? response.json() : null;
}

const postTruck = (cookie: string, truckName: string) =>
  post(cookie, '/api/v1/trucks', { ...validTruck, truckName }) as Promise<{ id: number }>;

async function page(search: string, cookie = owner.cookie): Promise<FeedPageAnswer> {
  const response = await query(app, cookie, `/api/v1/events${search}`);
  expect(response.statusCode, response.body).toBe(200);
  return feedPageAnswerSchema.parse(response.json());
}

/** Every item of the feed, `limit` at a time, following `next` while `hasMore`. */
async function everything(cookie = owner.cookie, limit = 500): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  let after = '0';
  for (;;) {
    const answer = await page(`?after=${after}&limit=${limit}`, cookie);
    items.push(...answer.items);
    after = answer.next;
    if (!answer.hasMore) return items;
  }
}

/** An API key of the owner's organization with `scopes`, recorded as the command side records one. */
async function apiKey(scopes: ApiKeyScope[], orgId = owner.organization.id): Promise<string> {
  const { keyId, secret } = newApiKeySecret();
  await app.infrastructure.eventStore.append(
    apiKeyStream(keyId),
    [
      {
        id: randomUUID(),
        type: 'ApiKeyCreated',
        data: {
          keyId,
          orgId,
          name: `Key ${keyId}`,
          scopes,
          secretHash: hashApiKeySecret(secret),
          expiresAt: null,
          createdBy: 'user-olive',
        },
        metadata: {
          orgId,
          actorId: 'user-olive',
          correlationId: randomUUID(),
          causationId: null,
          schemaVersion: 1,
          occurredAt: new Date().toISOString(),
        },
      },
    ],
    { expected: 'no_stream' },
  );
  return secret;
}

const withKey = (secret: string, url: string) =>
  app.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  owner = await ownerWithOrganization(app, 'olive.feed@example.com', 'Feed Freight');
  stranger = await ownerWithOrganization(app, 'sam.feed@example.com', 'Stranger Freight');
  member = await join(app, owner.cookie, 'mo.feed@example.com', 'member');
});

afterAll(async () => {
  await app.stop();
});

describe('GET /api/v1/events', () => {
  it("answers the organization's events oldest first under gapless sequences, never another's", async () => {
    const before = await everything();
    const alpha = await postTruck(owner.cookie, 'Alpha');
    // Another organization's activity in between: it neither appears nor moves our sequences.
    await postTruck(stranger.cookie, 'Stranger one');
    await postTruck(stranger.cookie, 'Stranger two');
    await post(owner.cookie, `/api/v1/trucks/${alpha.id}`, { notes: 'Tarped' }, 'PATCH');
    await post(owner.cookie, `/api/v1/trucks/${alpha.id}`, {}, 'DELETE');

    const items = await everything();
    expect(items.map((item) => item.sequence)).toEqual(items.map((_, index) => String(index + 1)));
    const added = items.slice(before.length);
    expect(added.map((item) => [item.type, item.data.id])).toEqual([
      ['truck.posted', alpha.id],
      ['truck.edited', alpha.id],
      ['truck.removed', alpha.id],
    ]);
    expect(added[0]?.data).toMatchObject({ truckName: 'Alpha', truckCity: 'Chicago', onMap: true });
    expect(added[1]?.data).toMatchObject({ id: alpha.id, notes: 'Tarped' });
    // The organization's own member joining was its first event; the stranger's are nowhere.
    expect(items[0]).toMatchObject({ sequence: '1', type: 'member.joined', data: { role: 'owner' } });
    expect(JSON.stringify(items)).not.toContain('Stranger');
    const theirs = await everything(stranger.cookie);
    expect(theirs.map((item) => [item.sequence, item.type])).toEqual([
      ['1', 'member.joined'],
      ['2', 'truck.posted'],
      ['3', 'truck.posted'],
    ]);
  });

  it('pages by the cursor: next is the last sequence, hasMore until the end, then next stays put', async () => {
    for (const name of ['P1', 'P2', 'P3']) await postTruck(owner.cookie, name);
    const all = await everything();
    const seen: string[] = [];
    let after = '0';
    let pages = 0;
    for (;;) {
      const answer = await page(`?after=${after}&limit=2`);
      pages += 1;
      expect(answer.items.length).toBeLessThanOrEqual(2);
      seen.push(...answer.items.map((item) => item.sequence));
      expect(answer.next).toBe(answer.items.at(-1)?.sequence ?? after);
      after = answer.next;
      if (!answer.hasMore) break;
    }
    expect(seen).toEqual(all.map((item) => item.sequence));
    expect(pages).toBe(Math.ceil(all.length / 2));
    const end = await page(`?after=${after}`);
    expect(end).toEqual({ items: [], next: after, hasMore: false });
  });

  it('keeps to the types asked for', async () => {
    const trucks = await page('?types=truck.removed,truck.edited');
    expect(trucks.items.length).toBeGreaterThan(0);
    expect(new Set(trucks.items.map((item) => item.type))).toEqual(
      new Set(['truck.removed', 'truck.edited']),
    );
    const sequences = trucks.items.map((item) => Number(item.sequence));
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    const members = await page('?types=member.joined');
    expect(members.items.map((item) => item.data.userId)).toContain(member.userId);
  });

  it('refuses bad parameters with a 400 naming each field', async () => {
    const response = await query(
      app,
      owner.cookie,
      '/api/v1/events?after=-1&limit=501&wait=31&types=truck.posted,truck.flew',
    );
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(errors.after).toEqual([
      'After must be a sequence of the feed: a whole number of at most 15 digits',
    ]);
    expect(errors.limit).toEqual(['Limit cannot be more than 500']);
    expect(errors.wait).toEqual(['Wait cannot be more than 30']);
    expect(errors.types).toEqual([
      'Types must be among truck.posted, truck.edited, truck.removed, truck.refreshed, truck.expired, load.posted, load.edited, load.removed, load.refreshed, load.expired, envelope.sent, envelope.delivered, envelope.completed, envelope.rejected, envelope.voided, envelope.cancelled, member.joined, member.left, search.matched',
    ]);
    const low = (await query(app, owner.cookie, '/api/v1/events?limit=0&after=x')).json();
    expect(low.errors.limit).toEqual(['Limit must be at least 1']);
    expect(low.errors.after).toHaveLength(1);
    // The test delivery of a webhook is never in the feed.
    expect((await query(app, owner.cookie, '/api/v1/events?types=webhook.test')).statusCode).toBe(400);
  });

  it('is for owners and admins: a member is refused', async () => {
    const response = await query(app, member.cookie, '/api/v1/events');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only owners and admins may read the event feed',
    });
  });

  it("answers a key the types its scopes cover, refuses a type they don't", async () => {
    const postings = await apiKey(['postings:read']);
    const all = await everything();
    const seen = await withKey(postings, '/api/v1/events?limit=500');
    expect(seen.statusCode, seen.body).toBe(200);
    const items = feedPageAnswerSchema.parse(seen.json()).items;
    expect(items.map((item) => item.sequence)).toEqual(
      all.filter((item) => item.type.startsWith('truck.')).map((item) => item.sequence),
    );
    const refused = await withKey(postings, '/api/v1/events?types=truck.posted,member.joined');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'MISSING_SCOPE',
      message: 'This API key lacks the activity scope',
    });

    const activity = await apiKey(['activity']);
    const members = feedPageAnswerSchema.parse((await withKey(activity, '/api/v1/events?limit=500')).json());
    expect(new Set(members.items.map((item) => item.type))).toEqual(new Set(['member.joined']));
    // A key none of whose scopes covers a type sees an empty feed.
    const webhooks = await withKey(await apiKey(['webhooks']), '/api/v1/events');
    expect(webhooks.json()).toEqual({ items: [], next: '0', hasMore: false });
    // A stranger's key reads the stranger's feed, whatever it asks.
    const theirs = await withKey(await apiKey(['postings:read'], stranger.organization.id), '/api/v1/events');
    expect(feedPageAnswerSchema.parse(theirs.json()).items.map((item) => item.data.truckName)).toEqual([
      'Stranger one',
      'Stranger two',
    ]);
  });

  it('waits for the next event and answers as soon as it is projected', async () => {
    const { next } = await page('?after=0&limit=500');
    const started = Date.now();
    const waiting = query(app, owner.cookie, `/api/v1/events?after=${next}&wait=20`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Another organization's event does not end the wait.
    await postTruck(stranger.cookie, 'Stranger three');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await postTruck(owner.cookie, 'Awaited');
    const response = await waiting;
    expect(Date.now() - started).toBeLessThan(5000);
    const answer = feedPageAnswerSchema.parse(response.json());
    expect(answer.items.map((item) => [item.type, item.data.truckName])).toEqual([
      ['truck.posted', 'Awaited'],
    ]);
    expect(answer.next).toBe(String(Number(next) + 1));
  });

  it('answers an empty page when nothing comes within the wait', async () => {
    const { next } = await page('?after=0&limit=500');
    const started = Date.now();
    const answer = await page(`?after=${next}&wait=1`);
    const waited = Date.now() - started;
    expect(answer).toEqual({ items: [], next, hasMore: false });
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(4000);
  });

  it('lets 20 requests of an organization wait at once, and a client that goes away frees its place', async () => {
    const { next } = await page('?after=0&limit=500');
    const url = `${app.url}/api/v1/events?after=${next}&wait=30`;
    const gone = new AbortController();
    const waiting = Array.from({ length: 20 }, () =>
      fetch(url, { headers: { cookie: owner.cookie }, signal: gone.signal }).catch(() => null),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const over = await query(app, owner.cookie, `/api/v1/events?after=${next}&wait=30`);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('1');
    expect(over.json().code).toBe('TOO_MANY_WAITING');
    // Another organization has its own places.
    expect((await query(app, stranger.cookie, '/api/v1/events?after=999&wait=1')).statusCode).toBe(200);
    // Without waiting, a read is always answered.
    expect((await query(app, owner.cookie, `/api/v1/events?after=${next}`)).statusCode).toBe(200);

    gone.abort();
    await Promise.all(waiting);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await query(app, owner.cookie, `/api/v1/events?after=${next}&wait=1`);
    expect(again.statusCode).toBe(200);
  });
});
