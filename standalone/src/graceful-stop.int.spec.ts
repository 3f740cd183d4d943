import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIVE_EVENTS, truckStream } from '@dispatch/domain';
import { openSqliteEventStore } from '@dispatch/storage';
import { io } from 'socket.io-client';
import { expect, it } from 'vitest';
import { validTruck } from './test-support.ts';
import { crashTestProducts, signUpWithOrganization } from './testing/crash-harness.ts';

/**
 * SIGTERM while clients post and a browser listens: the product stops taking connections, answers
 * every request it took, tells the live connection to come back later, and exits. No client gets an
 * error answer, and every post it acknowledged is in the log.
 */

const products = crashTestProducts();

it('answers every request it took and tells live clients to reconnect when it stops under load', async () => {
  const dataDir = products.dataDir('graceful');
  const product = await products.start(dataDir);
  const { cookie } = await signUpWithOrganization(product, dataDir, 'graceful@example.com');

  const socket = io(product.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie, origin: product.url },
    reconnection: false,
  });
  await new Promise((resolve, reject) => {
    socket.once(LIVE_EVENTS.ready, resolve);
    socket.once('connect_error', reject);
  });
  let hinted = false;
  socket.on(LIVE_EVENTS.serverStopping, () => {
    hinted = true;
  });
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

  const acknowledged: number[] = [];
  const answers = new Map<number, number>();
  let unanswered = 0;
  const clients = Array.from({ length: 6 }, async (_, client) => {
    for (let i = 0; ; i++) {
      let response: Response;
      try {
        response = await fetch(`${product.url}/api/v1/trucks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, origin: product.url },
          body: JSON.stringify({ ...validTruck, truckName: `Graceful ${client}-${i}` }),
        });
      } catch {
        // The connection is refused or closed without an answer: the product has stopped listening.
        unanswered += 1;
        return;
      }
      answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
      if (response.status === 201) acknowledged.push(((await response.json()) as { id: number }).id);
      else await response.body?.cancel();
    }
  });
  while (acknowledged.length < 100) await sleep(5);
  await product.stop();
  await Promise.all(clients);

  // Every answer was a success: no 503 while closing, no 500 from a store closed under a request.
  expect(Object.fromEntries(answers)).toEqual({ 201: acknowledged.length });
  expect(unanswered).toBe(6);
  expect(hinted, 'the live connection was told the server stops').toBe(true);
  expect(await disconnected).toBe('io server disconnect');
  socket.close();

  const events = openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  const missing: number[] = [];
  for (const id of acknowledged) {
    const [posted] = await events.readStream(truckStream(id)).catch(() => []);
    if (posted?.type !== 'TruckPosted') missing.push(id);
  }
  await events.close();
  expect(missing).toEqual([]);
}, 120_000);
