import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { loadEnvironment } from '@dispatch/config';
import { type FeedItem, webhookSecretAnswerSchema } from '@dispatch/domain';
import { ownerWithOrganization, startTestApp, type TestApp, validTruck } from '@dispatch/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leasedWebhookDeliverer } from './deliverer.ts';
import type { DeliveryThreadData, FromDeliveryThread } from './delivery-thread.ts';
import { webhookDeliveryThread } from './delivery-thread.ts';

const timing = { leaseMs: 3000, pollEveryMs: 200, flushEveryMs: 50 };
const log = { error: () => {}, warn: () => {} };

let app: TestApp;
let server: Server;
let url = '';
const received: FeedItem[] = [];
let owner: Awaited<ReturnType<typeof ownerWithOrganization>>;

async function eventually<T>(check: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const names = () => received.map((item) => String(item.data.truckName));

async function postTruck(truckName: string) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/v1/trucks',
    headers: { cookie: owner.cookie, origin: app.url },
    payload: { ...validTruck, truckName },
  });
  expect(response.statusCode, response.body).toBe(201);
  await app.projector.waitFor(BigInt(String(response.headers['x-event-position'])), 5000);
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as FeedItem);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  // The app itself delivers nothing: the deliverers under test share its store.
  app = await startTestApp({ env: { WEBHOOK_ALLOW_HTTP: 'true' }, commandApi: { webhookDelivery: false } });
  await app.app.ready();
  owner = await ownerWithOrganization(app, 'lease-owner@example.com', 'Leased Freight');
  const registered = await app.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: { cookie: owner.cookie, origin: app.url },
    payload: { url, eventTypes: ['truck.posted'] },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  webhookSecretAnswerSchema.parse(registered.json());
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await app?.stop();
});

describe('two deliverers on one store', () => {
  it('deliver each event once between them; when the holder dies the other takes over, and after a clean stop at once', async () => {
    const env = loadEnvironment({
      DATA_DIR: app.dataDir,
      PUBLIC_URL: app.url,
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    // One deliverer in a thread of its own, with its own connections to the store, as another process
    // would have; it starts first and holds the lease.
    const data: DeliveryThreadData = { env, settings: env.webhooks, publicUrl: app.url, timing };
    const doomed = new Worker(new URL('./delivery-worker.ts', import.meta.url), { workerData: data });
    await new Promise<void>((resolve, reject) => {
      doomed.on('message', (message: FromDeliveryThread) => {
        if (message.type === 'ready') resolve();
        if (message.type === 'failed') reject(new Error(message.message));
      });
      doomed.once('error', reject);
    });
    const { infrastructure } = app;
    const here = leasedWebhookDeliverer({
      store: infrastructure.eventStore,
      documents: infrastructure.documents,
      mailer: infrastructure.mailer,
      quotas: infrastructure.quotas,
      publicUrl: app.url,
      settings: env.webhooks,
      log,
      changes: app.feed,
      timing,
    });
    await here.start();
    expect(here.delivering).toBe(false);

    for (const name of ['One', 'Two', 'Three', 'Four']) await postTruck(name);
    await eventually(() => received.length >= 4);
    // Time for a second deliverer's copies to arrive, were there one.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(names()).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(here.delivering).toBe(false);

    // The holder dies without a word: once its lease runs out, the other delivers what follows.
    await doomed.terminate();
    await postTruck('Five');
    await eventually(() => names().includes('Five'));
    expect(here.delivering).toBe(true);

    // A deliverer that stops cleanly gives the lease up: the next one takes over at its next try.
    const next = webhookDeliveryThread({ ...data, changes: app.feed, log });
    await next.start();
    expect(await next.ready()).toBe(true);
    await here.stop();
    await postTruck('Six');
    await eventually(() => names().includes('Six'));
    await next.stop();

    // At least once: the dead holder's last attempts may go again; nothing is missed, nothing is out of order.
    const firsts = [...new Set(names())];
    expect(firsts).toEqual(['One', 'Two', 'Three', 'Four', 'Five', 'Six']);
  }, 60_000);
});
