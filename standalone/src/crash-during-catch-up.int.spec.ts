import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  decideTruck,
  directions,
  evolveTruck,
  initialTruckState,
  TRUCK_SCHEMA_VERSION,
  type TruckCommand,
  type TruckState,
  trailerTypes,
  truckCreateSchema,
  truckStream,
  usCities,
} from '@dispatch/domain';
import { collections, LIVE_CHECKPOINT } from '@dispatch/projector';
import { type EventStore, newEventId, openSqliteEventStore } from '@dispatch/storage';
import { afterEach, expect, it } from 'vitest';
import {
  boardOf,
  copyWithoutReadModels,
  type ProductProcess,
  removeDataDir,
  signUpWithOrganization,
  startProduct,
  tempDataDir,
  waitForProjection,
} from './testing/crash-harness.ts';

/**
 * `kill -9` of the product while its projector catches up with a long log: after a restart the read
 * models must converge to exactly what a projection of the same log from zero gives.
 */

/** About 16,000 events: a catch-up of a few seconds, in batches of 10,000 (see projector/src/runner.ts). */
const trucks = 4_000;
const running: ProductProcess[] = [];
const dataDirs: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((product) => product.kill()));
  for (const dir of dataDirs.splice(0)) removeDataDir(dir);
});

async function started(dataDir: string) {
  const product = await startProduct(dataDir);
  running.push(product);
  return product;
}

function retire(product: ProductProcess) {
  running.splice(running.indexOf(product), 1);
}

/**
 * A truck's life as the command side would have appended it, decided by the domain: posted, edited
 * three times, and for one truck in seven removed, spread over the last two days.
 */
function truckLife(truckId: number, orgId: string, actorId: string, at: (step: number) => string) {
  const city = usCities[truckId % usCities.length]!;
  const input = truckCreateSchema.parse({
    trailerType: trailerTypes[truckId % trailerTypes.length],
    truckName: `Catch-up ${truckId}`,
    truckState: city.state,
    truckCity: city.city,
    direction: directions[truckId % directions.length],
    status: truckId % 2 === 0,
    availabilityDate: at(0).slice(0, 10),
    dispatcherName: 'Crash Dispatcher',
    dispatcherMobileNumber: '3125550100',
    dispatcherEmail: 'crash@example.com',
  });
  const commands: TruckCommand['type'][] = ['PostTruck', 'UpdateTruck', 'UpdateTruck', 'UpdateTruck'];
  if (truckId % 7 === 0) commands.push('RemoveTruck');
  let state: TruckState = initialTruckState();
  return commands.flatMap((type, step) => {
    const data = { truckId, orgId };
    const command: TruckCommand =
      type === 'PostTruck'
        ? { type, data: { ...data, input } }
        : type === 'UpdateTruck'
          ? {
              type,
              data: { ...data, changes: { notes: `edit ${step}`, status: (truckId + step) % 2 === 0 } },
            }
          : { type, data };
    return decideTruck(command, state).map((event) => {
      state = evolveTruck(state, event, orgId);
      return {
        id: newEventId(),
        type: event.type,
        data: event.data,
        metadata: {
          orgId,
          actorId,
          correlationId: newEventId(),
          causationId: null,
          schemaVersion: TRUCK_SCHEMA_VERSION,
          occurredAt: at(step),
        },
      };
    });
  });
}

async function appendTrucks(store: EventStore, orgId: string, actorId: string) {
  const start = Date.now() - 2 * 24 * 3_600_000;
  const span = 2 * 24 * 3_600_000 - 60_000;
  const at = (truckId: number) => (step: number) =>
    new Date(start + Math.floor(((truckId * 5 + step) / (trucks * 5)) * span)).toISOString();
  for (let first = 1; first <= trucks; first += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, trucks - first + 1) }, (_, i) => {
        const truckId = first + i;
        return store.append(truckStream(truckId), truckLife(truckId, orgId, actorId, at(truckId)), {
          expected: 'no_stream',
        });
      }),
    );
  }
}

/**
 * The projector's checkpoint in the read models file, read beside the product (or after its death);
 * 0n while there is none to read yet.
 */
function storedCheckpoint(dataDir: string): bigint {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(join(dataDir, 'read-models.sqlite'), { readOnly: true });
    const row = db
      .prepare(`SELECT position FROM "docs_${collections.checkpoints}" WHERE id = ?`)
      .get(LIVE_CHECKPOINT) as { position: number } | undefined;
    return BigInt(row?.position ?? 0);
  } catch {
    return 0n;
  } finally {
    db?.close();
  }
}

it('converges to the read models of a rebuild from zero after a kill -9 in the middle of a catch-up', async () => {
  const dataDir = tempDataDir('catch-up');
  dataDirs.push(dataDir);
  const first = await started(dataDir);
  const { cookie, orgId, userId } = await signUpWithOrganization(
    first,
    dataDir,
    'crash-catch-up@example.com',
  );
  await first.stop();
  retire(first);

  // A long log the read models have not seen, appended straight to the event store file.
  const events = openSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  const before = await events.headPosition();
  await appendTrucks(events, orgId, userId);
  const head = await events.headPosition();
  await events.close();
  expect(head - before).toBeGreaterThan(15_000n);

  // Start, and kill the product as soon as its first batch of the catch-up is committed, while it
  // applies and writes the next ones. The checkpoint is read from the file, beside the product.
  const catchingUp = await started(dataDir);
  let progress = before;
  const deadline = Date.now() + 45_000;
  while (progress <= before && Date.now() < deadline) {
    progress = storedCheckpoint(dataDir);
    await sleep(2);
  }
  await catchingUp.kill();
  retire(catchingUp);
  const checkpoint = storedCheckpoint(dataDir);
  expect(progress, 'the catch-up never committed a batch').toBeGreaterThan(before);
  expect(checkpoint < head, `killed with the checkpoint at ${checkpoint} of ${head}`).toBe(true);

  // The restart resumes from the checkpoint and reaches the head.
  const restarted = await started(dataDir);
  await waitForProjection(restarted, head);
  const board = await boardOf(restarted, cookie);
  expect(board.trucks).toHaveLength(trucks - Math.floor(trucks / 7));
  await restarted.stop();
  retire(restarted);

  // The same log projected from zero into new read models.
  const copy = copyWithoutReadModels(dataDir, 'catch-up-rebuild');
  dataDirs.push(copy);
  const rebuilt = await started(copy);
  await waitForProjection(rebuilt, head);
  const fromZero = await boardOf(rebuilt, cookie);
  expect(board.totals).toEqual(fromZero.totals);
  expect(board.overview).toEqual(fromZero.overview);
  expect(board.monthly).toEqual(fromZero.monthly);
  expect(board.trucks).toEqual(fromZero.trucks);
}, 120_000);
