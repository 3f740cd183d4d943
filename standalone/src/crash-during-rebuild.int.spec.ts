import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReadModelRebuildStatus } from '@dispatch/domain';
import { projectedFromZero, readModelFileSnapshot } from '@dispatch/projector/testing';
import { REBUILD_CHECKPOINT } from '@dispatch/read-models';
import { openSqliteEventStore } from '@dispatch/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upcomingTruck } from './test-support.ts';
import {
  crashTestProducts,
  createPlatformAdmin,
  leftoverReadModels,
  type ProductProcess,
  removeDataDir,
  signIn,
  signUpWithOrganization,
  startProduct,
  storedCheckpoint,
  storedRebuildStatus,
  tempDataDir,
  waitForProjection,
} from './testing/crash-harness.ts';
import { appendTruckLives } from './testing/truck-log.ts';

/**
 * `kill -9` of the product in the middle of a blue/green rebuild of the read models (a super_admin's
 * POST /api/v1/admin/read-models/rebuild, of every read model or of the groups named; the projector
 * runs in the product's process): while the shadow read models are built, and while they take the
 * place of the served ones. Trucks are posted
 * through the API all along, so the log moves while the rebuild builds and switches. After a restart, once the rebuild has gone on (or over) and finished, every read
 * model must be exactly what a projection of the same log from zero gives, with nothing of the rebuild
 * left behind.
 *
 * The kill is timed from outside only, nothing in the product knows of the test: the test reads the
 * rebuild's status document and checkpoint from the read models file (read-only, beside the product)
 * and kills at varied delays once the rebuild reaches the point aimed at; it then reads where the kill
 * landed, before the restart. The switch trials run one after the other on the same product.
 */

/** About 16,000 events: a rebuild of a few seconds on two cores, in two batches (see projector/src/runner/start-projector.ts). */
const trucks = 4_000;
const admin = { email: 'crash-rebuild-admin@example.com', password: 'crash-admin-password-1' };
/** The kills of the switch, one trial each: of every read model, then of one group and of another. */
const switchKills: KillPoint[] = [
  { after: 'switching', delayMs: 0 },
  { after: 'switched', delayMs: 0 },
  { after: 'switching', delayMs: 0, groups: ['boards'] },
  { after: 'switched', delayMs: 0, groups: ['history'] },
  // Over: the replaced tables are being dropped while the live batches write in two files.
  { after: 'completed', delayMs: 0 },
];

const products = crashTestProducts();
/** A product that has projected the long log, stopped: each test starts on a copy of it. */
let template: string;
let cookie: string;
let adminCookie: string;

beforeAll(async () => {
  template = tempDataDir('rebuild-log');
  let product = await startProduct(template);
  const owner = await signUpWithOrganization(product, template, 'crash-rebuild@example.com');
  cookie = owner.cookie;
  await product.stop();
  await createPlatformAdmin(template, admin.email, admin.password);
  const events = openSqliteEventStore({ path: join(template, 'events.sqlite') });
  await appendTruckLives(events, owner.orgId, owner.userId, trucks);
  const head = await events.headPosition();
  await events.close();
  product = await startProduct(template);
  await waitForProjection(product, head);
  adminCookie = await signIn(product, admin.email, admin.password);
  await product.stop();
  // Two product starts, a projection of the long log: minutes when another file shares the cores.
}, 180_000);

afterAll(() => removeDataDir(template));

/** Posts trucks through the API, two at a time, until stopped (the product's death fails the last ones). */
function postTrucks(product: ProductProcess) {
  let stopped = false;
  let posted = 0;
  const clients = Array.from({ length: 2 }, async (_, client) => {
    for (let i = 0; !stopped; i++) {
      const response = await fetch(`${product.url}/api/v1/trucks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: product.url },
        body: JSON.stringify({ ...upcomingTruck(), truckName: `Rebuild ${client}-${i}` }),
      }).catch(() => null);
      if (response?.status === 201) posted += 1;
      else if (!stopped) await sleep(5);
      await response?.body?.cancel();
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(clients);
      return posted;
    },
  };
}

async function requestRebuild(product: ProductProcess, groups?: string[]) {
  const response = await fetch(`${product.url}/api/v1/admin/read-models/rebuild`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: adminCookie, origin: product.url },
    body: JSON.stringify(groups ? { groups } : {}),
  });
  expect(response.status, await response.text()).toBe(202);
}

async function until(what: string, done: () => boolean, timeoutMs = 45_000, everyMs = 1) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

async function headOf(dataDir: string) {
  const events = openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  try {
    return await events.headPosition();
  } finally {
    await events.close();
  }
}

/** Where to kill: once the rebuild reaches a point, and how long after. */
interface KillPoint {
  /**
   * `building`: the builder has committed a batch of the shadow read models. `switching`: the status
   * says so (the live projector stops, the builder reaches it, the collections are replaced).
   * `switched`: still `switching`, but the rebuild's checkpoint is gone: the replacement has committed
   * (the replaced tables are dropped, the live projector restarts, then the status says `completed`).
   * `completed`: the status says so (what no longer serves may still be being dropped).
   */
  after: 'building' | 'switching' | 'switched' | 'completed';
  delayMs: number;
  /** The groups an admin names (every read model when absent). */
  groups?: string[];
}

/** Where the kill landed, read from the files of the dead product. */
interface Landing extends KillPoint {
  state: string | undefined;
  /** The rebuild's checkpoint (absent once a switch has committed). */
  rebuildCheckpoint: bigint | null;
  head: bigint;
  /** Trucks posted (201) from just before the request to the kill. */
  posted: number;
}

/**
 * Whether the rebuild started after `previous` has reached `point`, as its status and checkpoint in
 * the read models file say; also once it has finished (a point passed between two looks is overshot,
 * and the kill lands later).
 */
function reached(dataDir: string, point: KillPoint['after'], previous: ReadModelRebuildStatus | null) {
  const status = storedRebuildStatus(dataDir);
  if (!status || status.startedAt === previous?.startedAt) return false;
  if (status.state === 'completed' || status.state === 'failed') return true;
  const checkpoint = storedCheckpoint(dataDir, REBUILD_CHECKPOINT);
  if (point === 'building') return status.state === 'running' && (checkpoint ?? 0n) > 0n;
  if (point === 'switching') return status.state === 'switching';
  return status.state === 'switching' && checkpoint === null;
}

/**
 * One trial on a running product: asks for a rebuild while trucks are posted, kills the product at
 * `point`, restarts it, waits until the rebuild has finished and the log is projected, and compares
 * every read model with a projection of the log from zero. Returns the restarted product and where
 * the kill landed.
 */
async function killDuring(
  product: ProductProcess,
  dataDir: string,
  point: KillPoint,
): Promise<{ product: ProductProcess; landing: Landing }> {
  const posting = postTrucks(product);
  await sleep(100);
  const previous = storedRebuildStatus(dataDir);
  await requestRebuild(product, point.groups);
  await until(`the rebuild to reach ${point.after}`, () => reached(dataDir, point.after, previous));
  if (point.delayMs > 0) await sleep(point.delayMs);
  await product.kill();
  const posted = await posting.stop();
  const killed = storedRebuildStatus(dataDir);
  const head = await headOf(dataDir);
  const landing: Landing = {
    ...point,
    state: killed?.state,
    rebuildCheckpoint: storedCheckpoint(dataDir, REBUILD_CHECKPOINT),
    head,
    posted,
  };
  expect(killed?.startedAt, 'the status is of the rebuild just asked for').not.toBe(previous?.startedAt);
  expect(killed?.groups ?? null, 'the status names the groups asked for').toEqual(point.groups ?? null);
  expect(posted, 'trucks were posted during the rebuild').toBeGreaterThan(0);
  // Meanwhile, the log projected from zero (the product is dead: the log is complete).
  const fromZero = projectedFromZero(join(dataDir, 'events.sqlite'));

  const restarted = await products.start(dataDir);
  await until(
    'the rebuild to finish after the restart',
    () => storedRebuildStatus(dataDir)?.state === 'completed',
    45_000,
    20,
  );
  await waitForProjection(restarted, head);
  const finished = storedRebuildStatus(dataDir);
  // Read beside the product, idle now: nothing is posted, and its projector stands at the head.
  const served = readModelFileSnapshot(join(dataDir, 'read-models.sqlite'));
  const reference = await fromZero;
  expect(Object.keys(served)).toEqual(Object.keys(reference));
  for (const [collection, documents] of Object.entries(reference)) {
    expect(served[collection], `read model ${collection} after a kill ${JSON.stringify(point)}`).toEqual(
      documents,
    );
  }
  expect(storedCheckpoint(dataDir)).toBe(head);
  // Nothing of the rebuild is left, once dropped after the switch: no table replaced, no scratch
  // collection, no staging file, no rebuild checkpoint.
  await until(
    'what the rebuild left to go',
    () => leftoverReadModels(dataDir).length === 0,
    20_000,
    50,
  ).catch(() => {});
  expect(leftoverReadModels(dataDir)).toEqual([]);
  expect(storedCheckpoint(dataDir, REBUILD_CHECKPOINT)).toBeNull();
  // A rebuild killed while building goes on from its checkpoint; one killed while switching starts
  // over unless its switch had committed.
  if (landing.state === 'switching' && landing.rebuildCheckpoint !== null)
    expect(finished?.startedAt, 'a switch that had not committed starts over').not.toBe(killed?.startedAt);
  else expect(finished?.startedAt, 'the rebuild goes on, not over').toBe(killed?.startedAt);
  return { product: restarted, landing };
}

describe('kill -9 during a read model rebuild', () => {
  it('goes on with a rebuild killed while building the shadow read models', async () => {
    const dataDir = products.copyOf(template, 'rebuild-build');
    const { landing } = await killDuring(await products.start(dataDir), dataDir, {
      after: 'building',
      delayMs: 0,
    });
    expect(landing.state).toBe('running');
    expect(landing.rebuildCheckpoint, 'killed before the builder reached the head').toBeLessThan(
      landing.head,
    );
  }, 120_000);

  it('converges after kills at varied instants of the switch', async () => {
    const dataDir = products.copyOf(template, 'rebuild-switch');
    const landings: Landing[] = [];
    let product = await products.start(dataDir);
    for (const point of switchKills) {
      const trial = await killDuring(product, dataDir, point);
      landings.push(trial.landing);
      product = trial.product;
    }
    console.info(
      'kills during the switch:',
      landings.map(({ after, delayMs, groups, state, rebuildCheckpoint, posted }) => ({
        after,
        delayMs,
        groups,
        state,
        committed: rebuildCheckpoint === null,
        posted,
      })),
    );
    expect(
      landings.filter((landing) => landing.state === 'switching'),
      'no kill landed while the rebuild was switching over',
    ).not.toEqual([]);
  }, 360_000);
});
