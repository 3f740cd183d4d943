import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { truckStream } from '@dispatch/domain';
import { openSqliteEventStore } from '@dispatch/storage';
import { expect, it } from 'vitest';
import { upcomingTruck } from './test-support.ts';
import {
  boardOf,
  crashTestProducts,
  signUpWithOrganization,
  waitForProjection,
} from './testing/crash-harness.ts';

/**
 * `kill -9` of the product while clients post trucks: every post it acknowledged (201 with an id) must
 * be in the event log and on the board after a restart, and the board must be what a projection of the
 * same log from zero gives.
 */

const clients = 8;
const products = crashTestProducts();

it('keeps every acknowledged post through a kill -9 mid-stream, and the board equals a rebuild', async () => {
  const dataDir = products.dataDir('posts');
  const first = await products.start(dataDir);
  const { cookie, orgId } = await signUpWithOrganization(first, dataDir, 'crash-posts@example.com');

  // Several clients post as fast as the product answers, until it is killed under them.
  const acknowledged: number[] = [];
  let killed = false;
  let failures = 0;
  const posting = Array.from({ length: clients }, async (_, client) => {
    for (let i = 0; !killed; i++) {
      try {
        const response = await fetch(`${first.url}/api/v1/trucks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, origin: first.url },
          body: JSON.stringify({ ...upcomingTruck(), truckName: `Crash ${client}-${i}` }),
        });
        if (response.status !== 201) throw new Error(`POST answered ${response.status}`);
        const { id } = (await response.json()) as { id: number };
        acknowledged.push(id);
      } catch (error) {
        // Requests in flight when the process dies fail; before that, nothing may.
        if (!killed) failures += 1;
        if (!killed) throw error;
      }
    }
  });
  const deadline = Date.now() + 20_000;
  while (acknowledged.length < 250 && Date.now() < deadline) await sleep(5);
  killed = true;
  await first.kill();
  await Promise.all(posting);
  expect(failures).toBe(0);
  expect(acknowledged.length).toBeGreaterThanOrEqual(250);
  expect(new Set(acknowledged).size).toBe(acknowledged.length);

  // Every acknowledged post is in the log, as the event that posted it.
  const events = openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  const head = await events.headPosition();
  const missing: number[] = [];
  for (const id of acknowledged) {
    const [posted] = await events.readStream(truckStream(id)).catch(() => []);
    if (posted?.type !== 'TruckPosted') missing.push(id);
    else expect(posted).toMatchObject({ data: { truckId: id }, metadata: { orgId } });
  }
  await events.close();
  expect(missing, 'acknowledged posts missing from the log').toEqual([]);

  // …and on the board once the restarted product has projected the log.
  const second = await products.start(dataDir);
  await waitForProjection(second, head);
  for (const id of acknowledged) {
    const response = await fetch(`${second.url}/api/v1/trucks/${id}`, { headers: { cookie } });
    expect(response.status, `truck ${id}`).toBe(200);
    expect(((await response.json()) as { id: number }).id).toBe(id);
  }
  const board = await boardOf(second, cookie);
  expect(board.trucks.length).toBeGreaterThanOrEqual(acknowledged.length);
  expect(board.totals.totalCount).toBe(board.trucks.length);
  await second.stop();

  // A rebuild: the same log projected from zero into new read models gives the same board.
  const copy = products.copyWithoutReadModels(dataDir, 'posts-rebuild');
  const rebuilt = await products.start(copy);
  await waitForProjection(rebuilt, head);
  expect(await boardOf(rebuilt, cookie)).toEqual(board);
}, 120_000);
