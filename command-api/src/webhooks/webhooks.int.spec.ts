import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join as joinPath } from 'node:path';
import { readOutbox } from '@dispatch/auth';
import {
  type DeliveryAttempt,
  type FeedItem,
  webhookDeliveriesAnswerSchema,
  webhookDeliveriesStream,
  webhookSecretAnswerSchema,
  webhooksAnswerSchema,
} from '@dispatch/domain';
import {
  join,
  ownerWithOrganization,
  requestsWith,
  startTestApp,
  type TestApp,
  validTruck,
} from '@dispatch/test-kit';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** What a receiver got: the raw body and the Standard Webhooks headers, as sent. */
interface Received {
  body: string;
  item: FeedItem;
  headers: { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string };
}

interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Answers each request: a status, or a promise of one (a receiver that holds the request). */
  answer: (item: FeedItem, received: Received[]) => number | Promise<number>;
  close(): Promise<void>;
  listen(port?: number): Promise<void>;
}

const receivers: Receiver[] = [];

async function receiver(answer: Receiver['answer'] = () => 200): Promise<Receiver> {
  let server: Server | null = null;
  const self: Receiver = {
    url: '',
    port: 0,
    received: [],
    answer,
    async listen(port = 0) {
      server = createServer(async (request: IncomingMessage, response) => {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks).toString('utf8');
        const received: Received = {
          body,
          item: JSON.parse(body) as FeedItem,
          headers: {
            'webhook-id': String(request.headers['webhook-id']),
            'webhook-timestamp': String(request.headers['webhook-timestamp']),
            'webhook-signature': String(request.headers['webhook-signature']),
          },
        };
        self.received.push(received);
        response.statusCode = await self.answer(received.item, self.received);
        response.end('thanks');
      });
      server.keepAliveTimeout = 100;
      await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
      self.port = (server.address() as AddressInfo).port;
      self.url = `http://127.0.0.1:${self.port}/hooks`;
    },
    async close() {
      const open = server;
      server = null;
      if (!open) return;
      open.closeAllConnections();
      await new Promise<void>((resolve) => open.close(() => resolve()));
    },
  };
  await self.listen();
  receivers.push(self);
  return self;
}

/** An answer held until it is released. */
function gate() {
  let resolve: (status: number) => void = () => {};
  const promise = new Promise<number>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Waits for `check` to hold. Deliveries go through a thread, a local HTTP server and retries: on a
 * machine whose two cores run other suites meanwhile, a replay of three events took over 8 s.
 */
async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let app: TestApp;
let strict: TestApp;
const inject = requestsWith(() => app);
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;
let stranger: Awaited<ReturnType<typeof ownerWithOrganization>>;
let member: Awaited<ReturnType<typeof join>>;

/** A public address at registration, a private one when the delivery connects (DNS rebinding). */
const lookups = new Map<string, number>();
async function rebindingResolver(hostname: string) {
  const seen = lookups.get(hostname) ?? 0;
  lookups.set(hostname, seen + 1);
  if (hostname === 'hooks.rebinding.test')
    return [{ address: seen === 0 ? '93.184.216.34' : '10.0.0.7', family: 4 }];
  if (hostname === 'intranet.test') return [{ address: '10.1.2.3', family: 4 }];
  return [{ address: '93.184.216.34', family: 4 }];
}

beforeAll(async () => {
  app = await startTestApp({
    env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' },
    commandApi: {
      webhookDelivery: {
        retryDelaysMs: [150, 300, 600, 1200, 2400],
        jitter: 0,
        pollEveryMs: 250,
        flushEveryMs: 50,
        timeoutMs: 5000,
      },
    },
  });
  await app.app.ready();
  owner = await ownerWithOrganization(app, 'hooks-owner@example.com', 'Hooked Freight');
  stranger = await ownerWithOrganization(app, 'hooks-stranger@example.com', 'Other Freight');
  member = await join(app, owner.cookie, 'hooks-member@example.com');
  strict = await startTestApp({
    env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' },
    commandApi: {
      webhookResolver: rebindingResolver,
      // Every delivery is tried once, and an endpoint that fails is disabled at once.
      webhookDelivery: { retryDelaysMs: [], pollEveryMs: 250, flushEveryMs: 50, disableAfterMs: 1 },
    },
  });
  await strict.app.ready();
}, 60_000);
afterAll(async () => {
  for (const open of receivers) await open.close();
  await app?.stop();
  await strict?.stop();
});

/** A command whose events the read models have applied before it answers. */
async function send(
  target: TestApp,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const response = await target.app.inject({
    method,
    url,
    headers: { cookie, origin: target.url },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const position = response.headers['x-event-position'];
  if (typeof position === 'string') await target.projector.waitFor(BigInt(position), 5000);
  return response;
}

async function register(url: string, eventTypes: string[] = ['truck.posted'], cookie = owner.cookie) {
  const response = await send(app, cookie, 'POST', '/api/v1/webhooks', { url, eventTypes });
  expect(response.statusCode, response.body).toBe(201);
  return webhookSecretAnswerSchema.parse(response.json());
}

async function postTrucks(count: number, cookie = owner.cookie): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const response = await send(app, cookie, 'POST', '/api/v1/trucks', {
      ...validTruck,
      truckName: `Hook ${n}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    ids.push(response.json().truckId as number);
  }
  return ids;
}

async function deliveries(id: string, cookie = owner.cookie): Promise<DeliveryAttempt[]> {
  const response = await inject(cookie, 'GET', `/api/v1/webhooks/${id}/deliveries?pageSize=100`);
  expect(response.statusCode, response.body).toBe(200);
  return webhookDeliveriesAnswerSchema.parse(response.json()).items;
}

const verified = (secret: string, received: Received) =>
  new Webhook(secret).verify(received.body, received.headers) as FeedItem;

/** The received items once each (by webhook-id, as a receiver de-duplicates), in the order first received. */
const distinct = (received: Received[]) => {
  const seen = new Set<string>();
  return received.filter(
    (entry) => !seen.has(entry.headers['webhook-id']) && seen.add(entry.headers['webhook-id']),
  );
};

describe('webhook deliveries', () => {
  it('signs each delivery the Standard Webhooks way, sends the events in order, and never shows the secret again', async () => {
    const hook = await receiver();
    const { endpoint, secret } = await register(hook.url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await postTrucks(5);
    await eventually(() => hook.received.length >= 5);
    const items = hook.received.map((entry) => verified(secret, entry));
    expect(items.map((item) => item.type)).toEqual(Array(5).fill('truck.posted'));
    const sequences = items.map((item) => Number(item.sequence));
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(5);
    for (const entry of hook.received) expect(entry.headers['webhook-id']).toBe(entry.item.id);
    // A tampered body does not verify.
    const [sample] = hook.received as [Received];
    expect(() => verified(secret, { ...sample, body: sample.body.replace('Hook', 'Hack') })).toThrow();

    const list = await inject(owner.cookie, 'GET', '/api/v1/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(6));
    const listed = webhooksAnswerSchema.parse(list.json()).items.find((item) => item.id === endpoint.id);
    expect(listed?.url).toBe(hook.url);
    const log = await eventually(async () => {
      const attempts = await deliveries(endpoint.id);
      return attempts.length >= 5 ? attempts : undefined;
    });
    expect(log.every((attempt) => attempt.ok && attempt.status === 200)).toBe(true);
    expect(JSON.stringify(log)).not.toContain(secret.slice(6));
  });

  it('retries an event its endpoint refused, and the log shows both attempts', async () => {
    let refused = 0;
    const hook = await receiver(() => (refused++ === 0 ? 500 : 200));
    const { endpoint, secret } = await register(hook.url);
    await postTrucks(2);
    await eventually(() => hook.received.length >= 3);
    const [first, again, next] = hook.received as [Received, Received, Received];
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(next.headers['webhook-id']).not.toBe(first.headers['webhook-id']);
    expect(Number(next.item.sequence)).toBeGreaterThan(Number(first.item.sequence));
    verified(secret, again);
    const log = await eventually(async () => {
      const attempts = await deliveries(endpoint.id);
      return attempts.length >= 3 ? attempts : undefined;
    });
    const ofFirst = log
      .filter((attempt) => attempt.eventId === first.item.id)
      .sort((a, b) => a.attempt - b.attempt);
    expect(ofFirst.map((attempt) => [attempt.attempt, attempt.ok, attempt.status])).toEqual([
      [1, false, 500],
      [2, true, 200],
    ]);
    expect(ofFirst[0]?.nextAttemptAt).not.toBeNull();
    expect(ofFirst[0]?.responseExcerpt).toBe('thanks');
  });
});

describe('webhook deliveries that fail for a while', () => {
  it('delivers everything to a receiver that was down, in order once repeats are dropped', async () => {
    const hook = await receiver();
    const { secret } = await register(hook.url);
    const port = hook.port;
    await hook.close();
    await postTrucks(3);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await hook.listen(port);
    await eventually(() => distinct(hook.received).length >= 3);
    const items = distinct(hook.received).map((entry) => verified(secret, entry));
    const sequences = items.map((item) => Number(item.sequence));
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  });

  it('a dead endpoint delays nobody: a healthy one gets everything while the dead one still holds its first request', async () => {
    let release: (status: number) => void = () => {};
    const held = new Promise<number>((resolve) => {
      release = resolve;
    });
    const dead = await receiver(() => held);
    const healthy = await receiver();
    await register(dead.url);
    await register(healthy.url);
    await postTrucks(4);
    await eventually(() => healthy.received.length >= 4);
    // The dead endpoint got its first event and has not answered it: nothing else was sent to it.
    expect(dead.received.length).toBe(1);
    release(200);
    await eventually(() => dead.received.length >= 4);
  });
});

describe('replay, redelivery, test deliveries and secret rotation', () => {
  it('replay sends everything after the sequence again, in order', async () => {
    const hook = await receiver();
    const { endpoint, secret } = await register(hook.url);
    await postTrucks(3);
    await eventually(() => hook.received.length >= 3);
    const first = hook.received.map((entry) => entry.item);
    const after = String(Number(first[0]?.sequence) - 1);
    const replay = await send(app, owner.cookie, 'POST', `/api/v1/webhooks/${endpoint.id}/replay`, { after });
    expect(replay.statusCode, replay.body).toBe(202);
    await eventually(() => hook.received.length >= 6);
    const again = hook.received.slice(3).map((entry) => verified(secret, entry));
    expect(again.map((item) => item.id)).toEqual(first.map((item) => item.id));
    const log = await eventually(async () => {
      const attempts = await deliveries(endpoint.id);
      return attempts.length >= 6 ? attempts : undefined;
    });
    expect(log.filter((attempt) => attempt.ok)).toHaveLength(6);
  });

  it('a replay asked while a run is under way still logs every request of that run', async () => {
    const gates = { first: gate(), last: gate() };
    // The first event waits until all three are posted, so the second and third go in one run; the
    // third waits until the deliverer has taken the replay in, so that run ends after the replay.
    const hook = await receiver((_item, received) =>
      received.length === 1 ? gates.first.promise : received.length === 3 ? gates.last.promise : 200,
    );
    const { endpoint } = await register(hook.url);
    await postTrucks(3);
    gates.first.resolve(200);
    await eventually(() => hook.received.length >= 3);
    const after = String(Number(hook.received[0]?.item.sequence) - 1);
    const replay = await send(app, owner.cookie, 'POST', `/api/v1/webhooks/${endpoint.id}/replay`, { after });
    expect(replay.statusCode, replay.body).toBe(202);
    await eventually(async () => {
      const batches = await app.infrastructure.eventStore
        .readStream(webhookDeliveriesStream(endpoint.id))
        .catch(() => []);
      return batches.some(
        (batch) => (batch.data as { requestsThrough: string | null }).requestsThrough !== null,
      );
    });
    gates.last.resolve(200);
    await eventually(() => hook.received.length >= 6);
    const log = await eventually(async () => {
      const attempts = await deliveries(endpoint.id);
      return attempts.length >= 6 ? attempts : undefined;
    });
    const sent = hook.received.map((entry) => entry.item.id);
    expect(log.map((attempt) => attempt.eventId).sort()).toEqual([...sent].sort());
    expect(log.filter((attempt) => attempt.kind === 'replay')).toHaveLength(3);
  });

  it('redelivery sends one event again, and a test sends a webhook.test event of its own', async () => {
    const hook = await receiver();
    const { endpoint, secret } = await register(hook.url);
    await postTrucks(2);
    await eventually(() => hook.received.length >= 2);
    await eventually(async () => (await deliveries(endpoint.id)).length >= 2);
    const eventId = hook.received[0]?.item.id as string;
    const redeliver = await send(app, owner.cookie, 'POST', `/api/v1/webhooks/${endpoint.id}/redeliver`, {
      eventId,
    });
    expect(redeliver.statusCode, redeliver.body).toBe(202);
    await eventually(() => hook.received.length >= 3);
    expect(hook.received[2]?.item.id).toBe(eventId);
    const unknown = await send(app, owner.cookie, 'POST', `/api/v1/webhooks/${endpoint.id}/redeliver`, {
      eventId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);

    const test = await send(app, owner.cookie, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, {});
    expect(test.statusCode, test.body).toBe(202);
    await eventually(() => hook.received.length >= 4);
    const probe = verified(secret, hook.received[3] as Received);
    expect(probe.type).toBe('webhook.test');
    expect(hook.received.slice(0, 3).map((entry) => entry.item.id)).not.toContain(probe.id);
  });

  it('after a rotation each delivery carries both signatures, each verifying with its own secret', async () => {
    const hook = await receiver();
    const { endpoint, secret: before } = await register(hook.url);
    const rotated = await send(
      app,
      owner.cookie,
      'POST',
      `/api/v1/webhooks/${endpoint.id}/rotate-secret`,
      {},
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: after, endpoint: answer } = webhookSecretAnswerSchema.parse(rotated.json());
    expect(after).not.toBe(before);
    expect(answer.secretRotatedAt).not.toBeNull();
    await postTrucks(1);
    await eventually(() => hook.received.length >= 1);
    const [delivery] = hook.received as [Received];
    const signatures = delivery.headers['webhook-signature'].split(' ');
    expect(signatures).toHaveLength(2);
    verified(after, delivery);
    verified(before, delivery);
    for (const [index, secret] of [after, before].entries()) {
      const alone = {
        ...delivery,
        headers: { ...delivery.headers, 'webhook-signature': signatures[index] as string },
      };
      expect(verified(secret, alone).id).toBe(delivery.item.id);
    }
  });
});

describe('who may manage webhooks, and where they may point', () => {
  it("another organization's endpoint is not found, and members other than owners and admins are refused", async () => {
    const hook = await receiver();
    const { endpoint } = await register(hook.url);
    for (const [method, url, payload] of [
      ['PATCH', `/api/v1/webhooks/${endpoint.id}`, { description: 'Mine now' }],
      ['DELETE', `/api/v1/webhooks/${endpoint.id}`, undefined],
      ['POST', `/api/v1/webhooks/${endpoint.id}/test`, {}],
      ['POST', `/api/v1/webhooks/${endpoint.id}/rotate-secret`, {}],
      ['POST', `/api/v1/webhooks/${endpoint.id}/replay`, { after: '0' }],
      ['GET', `/api/v1/webhooks/${endpoint.id}/deliveries`, undefined],
    ] as const) {
      const response = await send(app, stranger.cookie, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = await inject(stranger.cookie, 'GET', '/api/v1/webhooks');
    expect(webhooksAnswerSchema.parse(theirs.json()).items.map((item) => item.id)).not.toContain(endpoint.id);
    const refused = await send(app, member.cookie, 'POST', '/api/v1/webhooks', {
      url: hook.url,
      eventTypes: ['truck.posted'],
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses loopback and private addresses at registration, and a host that turns private when delivering', async () => {
    const strictOwner = await ownerWithOrganization(strict, 'strict-owner@example.com', 'Strict Freight');
    for (const url of [
      'http://127.0.0.1/hooks',
      'https://127.0.0.1/hooks',
      'https://[::1]/hooks',
      'https://10.0.0.1/hooks',
      'https://169.254.169.254/latest',
      'https://intranet.test/hooks',
      'https://user:pass@example.com/hooks',
    ]) {
      const response = await send(strict, strictOwner.cookie, 'POST', '/api/v1/webhooks', {
        url,
        eventTypes: ['truck.posted'],
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors.url, url).toHaveLength(1);
    }
    const registered = await send(strict, strictOwner.cookie, 'POST', '/api/v1/webhooks', {
      url: 'https://hooks.rebinding.test/hooks',
      eventTypes: ['truck.posted'],
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { endpoint } = webhookSecretAnswerSchema.parse(registered.json());
    const truck = await send(strict, strictOwner.cookie, 'POST', '/api/v1/trucks', validTruck);
    expect(truck.statusCode).toBe(201);
    const [attempt] = await eventually(async () => {
      const response = await strict.app.inject({
        method: 'GET',
        url: `/api/v1/webhooks/${endpoint.id}/deliveries`,
        headers: { cookie: strictOwner.cookie },
      });
      const items = webhookDeliveriesAnswerSchema.parse(response.json()).items;
      return items.length > 0 ? items : undefined;
    });
    expect(attempt?.ok).toBe(false);
    expect(attempt?.status).toBeNull();
    expect(attempt?.error).toContain('10.0.0.7');
    expect(lookups.get('hooks.rebinding.test')).toBeGreaterThanOrEqual(2);

    // No success for the allowed time: the endpoint is disabled, and its owners and admins told by mail.
    const disabled = await eventually(async () => {
      const response = await strict.app.inject({
        method: 'GET',
        url: '/api/v1/webhooks',
        headers: { cookie: strictOwner.cookie },
      });
      const found = webhooksAnswerSchema.parse(response.json()).items.find((item) => item.id === endpoint.id);
      return found?.status === 'disabled' ? found : undefined;
    });
    expect(disabled.disabledReason).toBe('No successful delivery for 3 days');
    const mails = await eventually(async () => {
      const sent = (await readOutbox(joinPath(strict.dataDir, 'outbox'))).filter(
        (mail) => mail.to === 'strict-owner@example.com' && mail.subject.includes('webhook'),
      );
      return sent.length > 0 ? sent : undefined;
    });
    expect(mails[0]?.text).toContain('https://hooks.rebinding.test/hooks');
  });
});

describe('a restarted deliverer', () => {
  it('resumes after the cursor it recorded: nothing delivered is sent again, nothing new is missed', async () => {
    const options = {
      env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' },
      commandApi: { webhookDelivery: { pollEveryMs: 250, flushEveryMs: 50 } },
    };
    let first: TestApp | null = await startTestApp(options);
    await first.app.ready();
    const hook = await receiver();
    const restartOwner = await ownerWithOrganization(first, 'restart-owner@example.com', 'Restarted Freight');
    const registered = await send(first, restartOwner.cookie, 'POST', '/api/v1/webhooks', {
      url: hook.url,
      eventTypes: ['truck.posted'],
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { endpoint, secret } = webhookSecretAnswerSchema.parse(registered.json());
    for (const name of ['Before 1', 'Before 2'])
      await send(first, restartOwner.cookie, 'POST', '/api/v1/trucks', { ...validTruck, truckName: name });
    await eventually(() => hook.received.length >= 2);
    // Stopped once both deliveries are recorded, with the cursor: a stop before that (an answer the
    // deliverer had not taken in yet) sends the last event again after the restart, as it should.
    const recorded = first;
    await eventually(async () => {
      const log = await send(
        recorded,
        restartOwner.cookie,
        'GET',
        `/api/v1/webhooks/${endpoint.id}/deliveries`,
      );
      return webhookDeliveriesAnswerSchema.parse(log.json()).items.length >= 2;
    });
    const { dataDir } = first;
    await first.close();
    first = null;

    const again = await startTestApp({ ...options, dataDir });
    try {
      await again.app.ready();
      await send(again, restartOwner.cookie, 'POST', '/api/v1/trucks', { ...validTruck, truckName: 'After' });
      await eventually(() => hook.received.length >= 3);
      // Time for anything sent twice to arrive.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const items = hook.received.map((entry) => verified(secret, entry));
      expect(items.map((item) => item.data.truckName)).toEqual(['Before 1', 'Before 2', 'After']);
    } finally {
      await again.stop();
    }
  });
});
