import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FeedItem, feedPageAnswerSchema, webhookSecretAnswerSchema } from '@dispatch/domain';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithOrganization } from './organization-fixtures.ts';
import { signingTokenSentTo } from './route-samples.ts';
import { startTestApp, type TestApp, validTruck } from './test-support.ts';

/**
 * A transportation management system beside the board, over real HTTP: it calls the API with a key
 * (no cookie, no origin), follows the organization through a webhook on a loopback receiver and through
 * the feed, and loses nothing while its receiver is down.
 */

interface Delivery {
  body: string;
  headers: Record<string, string>;
}

/** A receiver on a fixed loopback port that can be stopped and started again, as a TMS restarts. */
class Receiver {
  readonly deliveries: Delivery[] = [];
  port = 0;
  #server: Server | null = null;

  get url() {
    return `http://127.0.0.1:${this.port}/dispatch-events`;
  }

  async start(): Promise<void> {
    const server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const headers: Record<string, string> = {};
      for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
        headers[name] = String(request.headers[name] ?? '');
      }
      this.deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), headers });
      response.statusCode = 204;
      response.end();
    });
    server.keepAliveTimeout = 100;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Each event once, as a receiver keeping the webhook-ids it has handled sees them, in arrival order. */
  distinct(secret: string): FeedItem[] {
    const seen = new Set<string>();
    const items: FeedItem[] = [];
    for (const delivery of this.deliveries) {
      const item = new Webhook(secret).verify(delivery.body, delivery.headers) as FeedItem;
      expect(delivery.headers['webhook-id']).toBe(item.id);
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
    return items;
  }
}

async function eventually<T>(check: () => Promise<T | false> | T | false, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== false) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const TYPES = [
  'truck.posted',
  'truck.edited',
  'truck.removed',
  'envelope.sent',
  'envelope.delivered',
  'envelope.completed',
];

let app: TestApp;
let key: string;
const receiver = new Receiver();

/** A call of the TMS: its key, JSON, nothing else (no cookie, no origin). */
async function tms(method: string, path: string, body?: unknown) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

/** The organization's feed, every item the key may see, oldest first. */
async function feed(types = TYPES): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  let after = '0';
  for (;;) {
    const page = await tms('GET', `/api/v1/events?after=${after}&limit=500&types=${types.join(',')}`);
    expect(page.status, page.text).toBe(200);
    const answer = feedPageAnswerSchema.parse(page.json());
    items.push(...answer.items);
    after = answer.next;
    if (!answer.hasMore) return items;
  }
}

beforeAll(async () => {
  app = await startTestApp({
    listen: true,
    env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' },
    // A receiver that is down is tried again soon, so the test need not wait the real schedule.
    webhookDelivery: { retryDelaysMs: [100, 200, 400, 800, 800, 800, 800, 800], jitter: 0, flushEveryMs: 50 },
  });
  const owner = await ownerWithOrganization(app, 'tms-owner@example.com', 'Linked Freight');
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { cookie: owner.cookie, origin: app.url },
    payload: { name: 'TMS', scopes: ['postings:read', 'postings:write', 'envelopes', 'webhooks'] },
  });
  expect(created.statusCode, created.body).toBe(201);
  key = created.json().secret;
  await receiver.start();
}, 60_000);

afterAll(async () => {
  await receiver.stop();
  await app?.stop();
});

describe('a TMS following the board', () => {
  it('gets posts, edits and a signed envelope signed, everything once and in order after an outage, and again on a replay', async () => {
    const registered = await tms('POST', '/api/v1/webhooks', { url: receiver.url, eventTypes: TYPES });
    expect(registered.status, registered.text).toBe(201);
    const { endpoint, secret } = webhookSecretAnswerSchema.parse(registered.json());

    // Posted and edited with the key; an agreement sent with it, opened and signed by its receiver.
    const posted = await tms('POST', '/api/v1/trucks', { ...validTruck, truckName: 'Linked One' });
    expect(posted.status, posted.text).toBe(201);
    const truckId = posted.json().id as number;
    const edited = await tms('PATCH', `/api/v1/trucks/${truckId}`, { truckName: 'Linked One Renamed' });
    expect(edited.status, edited.text).toBe(200);
    const sent = await tms('POST', '/api/v1/envelopes', {
      type: 'driver',
      deliveryMethod: 'email',
      receiverName: 'Dana Driver',
      receiverEmail: 'tms-driver@example.com',
    });
    expect(sent.status, sent.text).toBe(201);
    const token = encodeURIComponent(await signingTokenSentTo(app, 'tms-driver@example.com'));
    expect((await fetch(`${app.url}/api/v1/signing/${token}`)).status).toBe(200);
    const signed = await fetch(`${app.url}/api/v1/signing/${token}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ signerName: 'Dana Driver' }),
    });
    expect(signed.status, await signed.text()).toBe(200);

    const first = await eventually(() => {
      const items = receiver.distinct(secret);
      return items.length >= 5 && items;
    });
    expect(first.map((item) => item.type)).toEqual([
      'truck.posted',
      'truck.edited',
      'envelope.sent',
      'envelope.delivered',
      'envelope.completed',
    ]);
    expect(first[0]?.data).toMatchObject({ id: truckId, truckName: 'Linked One' });
    expect(first[1]?.data).toMatchObject({ id: truckId, truckName: 'Linked One Renamed' });
    // The feed answers the same items, in the same shapes, by the same ids.
    expect(await feed()).toEqual(first);

    // The receiver is down while the board moves on; then it comes back on the same address.
    await receiver.stop();
    const more: number[] = [];
    for (let n = 0; n < 6; n++) {
      const truck = await tms('POST', '/api/v1/trucks', { ...validTruck, truckName: `Linked ${n + 2}` });
      expect(truck.status, truck.text).toBe(201);
      more.push(truck.json().id as number);
    }
    expect((await tms('DELETE', `/api/v1/trucks/${more[0]}`)).status).toBe(204);
    // The deliverer has tried the receiver while it was down and recorded the failures.
    await eventually(async () => {
      const log = await tms('GET', `/api/v1/webhooks/${endpoint.id}/deliveries?pageSize=100`);
      return log.json().items.some((attempt: { ok: boolean }) => !attempt.ok);
    });
    await receiver.start();

    const everything = await feed();
    expect(everything).toHaveLength(12);
    const caughtUp = await eventually(() => {
      const items = receiver.distinct(secret);
      return items.length >= everything.length && items;
    });
    // Every event exactly once after de-duplication, in the organization's order.
    expect(caughtUp).toEqual(everything);
    expect(caughtUp.map((item) => Number(item.sequence))).toEqual(
      [...caughtUp.map((item) => Number(item.sequence))].sort((a, b) => a - b),
    );

    // A replay from a position sends everything after it again, in order.
    const from = everything[6]?.sequence as string;
    const before = receiver.deliveries.length;
    const replay = await tms('POST', `/api/v1/webhooks/${endpoint.id}/replay`, { after: from });
    expect(replay.status, replay.text).toBe(202);
    const replayed = await eventually(() => {
      const again = receiver.deliveries
        .slice(before)
        .map((delivery) => new Webhook(secret).verify(delivery.body, delivery.headers) as FeedItem);
      return again.length >= everything.length - 7 && again;
    });
    expect(replayed).toEqual(everything.slice(7));
  }, 120_000);
});
