import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readModelFileSnapshot } from '@dispatch/projector/testing';
import { openSqliteEventStore } from '@dispatch/storage';
import { expect, it } from 'vitest';
import {
  boardOf,
  crashTestProducts,
  signUpWithOrganization,
  storedCheckpoint,
  waitForProjection,
} from './testing/crash-harness.ts';
import { appendTruckLives, trucksLeft } from './testing/truck-log.ts';

/**
 * `kill -9` of the product while its projector catches up with a long log: after a restart the read
 * models must converge to exactly what a projection of the same log from zero gives.
 */

/** About 16,000 events: a catch-up of a few seconds, in batches of 10,000 (see projector/src/runner/start-projector.ts). */
const trucks = 4_000;
const products = crashTestProducts();

it('converges to the read models of a rebuild from zero after a kill -9 in the middle of a catch-up', async () => {
  const dataDir = products.dataDir('catch-up');
  const first = await products.start(dataDir);
  const { cookie, orgId, userId } = await signUpWithOrganization(
    first,
    dataDir,
    'crash-catch-up@example.com',
  );
  await first.stop();

  // A long log the read models have not seen, appended straight to the event store file.
  const events = openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  const before = await events.headPosition();
  await appendTruckLives(events, orgId, userId, trucks);
  const head = await events.headPosition();
  await events.close();
  expect(head - before).toBeGreaterThan(15_000n);

  // Start, and kill the product as soon as its first batch of the catch-up is committed, while it
  // applies and writes the next ones. The checkpoint is read from the file, beside the product.
  const catchingUp = await products.start(dataDir);
  let progress = before;
  const deadline = Date.now() + 45_000;
  while (progress <= before && Date.now() < deadline) {
    progress = storedCheckpoint(dataDir) ?? 0n;
    await sleep(2);
  }
  await catchingUp.kill();
  const checkpoint = storedCheckpoint(dataDir) ?? 0n;
  expect(progress, 'the catch-up never committed a batch').toBeGreaterThan(before);
  expect(checkpoint < head, `killed with the checkpoint at ${checkpoint} of ${head}`).toBe(true);

  // The restart resumes from the checkpoint and reaches the head.
  const restarted = await products.start(dataDir);
  await waitForProjection(restarted, head);
  const board = await boardOf(restarted, cookie);
  expect(board.trucks).toHaveLength(trucksLeft(trucks));
  await restarted.stop();

  // The same log projected from zero into new read models.
  const copy = products.copyWithoutReadModels(dataDir, 'catch-up-rebuild');
  const rebuilt = await products.start(copy);
  await waitForProjection(rebuilt, head);
  const fromZero = await boardOf(rebuilt, cookie);
  expect(board.totals).toEqual(fromZero.totals);
  expect(board.overview).toEqual(fromZero.overview);
  expect(board.monthly).toEqual(fromZero.monthly);
  expect(board.trucks).toEqual(fromZero.trucks);
  // …and so does every read model, document by document.
  await rebuilt.stop();
  const served = readModelFileSnapshot(join(dataDir, 'read-models.sqlite'));
  const projected = readModelFileSnapshot(join(copy, 'read-models.sqlite'));
  for (const [collection, documents] of Object.entries(projected)) {
    expect(served[collection], `read model ${collection}`).toEqual(documents);
  }
  // Four product starts, two projections of the long log: minutes when another file shares the cores.
}, 240_000);
