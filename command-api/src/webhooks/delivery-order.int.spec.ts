import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FeedItem } from '@dispatch/domain';
import { ownerWithOrganization, startTestApp, type TestApp, validTruck } from '@dispatch/test-kit';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The deliverer as the product runs it: no resolver nor clock of its own, so the requests go out
// from the sending thread while the endpoints' order and cursors are kept on this one.

interface Answered {
  sequence: number;
  id: string;
  status: number;
}

/** A loopback receiver noting every request and its answer, in the order they arrived. */
async function receiver(answer: (item: FeedItem, tries: number) => number) {
  const answered: Answered[] = [];
  const tries = new Map<string, number>();
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const item = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FeedItem;
    const tried = (tries.get(item.id) ?? 0) + 1;
    tries.set(item.id, tried);
    const status = answer(item, tried);
    answered.push({ sequence: Number(item.sequence), id: String(request.headers['webhook-id']), status });
    response.statusCode = status;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    answered,
    /** The events it took (answered 2xx), once each. */
    delivered: () => new Set(answered.filter((entry) => entry.status < 300).map((entry) => entry.id)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type Receiver = Awaited<ReturnType<typeof receiver>>;

let app: TestApp;
const receivers: Receiver[] = [];

beforeAll(async () => {
  app = await startTestApp({
    env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' },
    commandApi: {
      webhookDelivery: { retryDelaysMs: [40, 80, 160], jitter: 0, pollEveryMs: 250, flushEveryMs: 50 },
    },
  });
  await app.app.ready();
}, 60_000);
afterAll(async () => {
  for (const open of receivers) await open.close();
  await app?.stop();
});

async function send(cookie: string, method: 'POST' | 'PATCH', url: string, payload: object) {
  const response = await app.app.inject({ method, url, headers: { cookie, origin: app.url }, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  const position = response.headers['x-event-position'];
  if (typeof position === 'string') await app.projector.waitFor(BigInt(position), 10_000);
  return response.json() as Record<string, unknown>;
}

async function eventually(check: () => boolean, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

it('delivers each event once and in the feed order to every endpoint, through refusals and changes of the endpoint', async () => {
  const owner = await ownerWithOrganization(app, 'order-owner@example.com', 'Ordered Freight');
  const steady = await receiver(() => 200);
  // Refuses the first try of every fifth event: the events after it must wait for its retry.
  const flaky = await receiver((item, tries) => (Number(item.sequence) % 5 === 0 && tries === 1 ? 503 : 200));
  const changed = await receiver(() => 200);
  receivers.push(steady, flaky, changed);
  const hooks: string[] = [];
  for (const { url } of receivers) {
    const created = await send(owner.cookie, 'POST', '/api/v1/webhooks', {
      url,
      eventTypes: ['truck.posted'],
    });
    hooks.push((created.endpoint as { id: string }).id);
  }

  const total = 60;
  for (let n = 0; n < total; n += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(owner.cookie, 'POST', '/api/v1/trucks', { ...validTruck, truckName: `Ordered ${n + i}` }),
      ),
    );
    // An endpoint changed while its events are under way starts over from what it was sent.
    if (n === 20 || n === 40)
      await send(owner.cookie, 'PATCH', `/api/v1/webhooks/${hooks[2]}`, {
        eventTypes: n === 20 ? ['truck.posted', 'load.posted'] : ['truck.posted'],
      });
  }
  await eventually(() => receivers.every((open) => open.delivered().size >= total));
  // Time for anything sent twice to arrive.
  await new Promise((resolve) => setTimeout(resolve, 500));

  for (const open of receivers) {
    const taken = open.answered.filter((entry) => entry.status < 300).map((entry) => entry.sequence);
    expect(taken).toHaveLength(total);
    // Strictly rising: no event taken twice, none before the one ahead of it in the feed.
    expect(taken).toEqual([...new Set(taken)].sort((a, b) => a - b));
  }
  // Each refused event was tried again before any event after it was sent.
  const refused = flaky.answered.filter((entry) => entry.status === 503);
  expect(refused.length).toBeGreaterThan(5);
  for (const { sequence } of refused) {
    const at = flaky.answered.findIndex((entry) => entry.sequence === sequence);
    expect(flaky.answered[at + 1]).toMatchObject({ sequence, status: 200 });
  }
});
