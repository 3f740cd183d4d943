import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { truckStream } from '@dispatch/domain';
import { openSqliteEventStore } from '@dispatch/storage';
import { expect, it } from 'vitest';
import { upcomingTruck } from '../test-support.ts';
import {
  boardOf,
  crashTestProducts,
  signUpWithOrganization,
  waitForProjection,
} from '../testing/crash-harness.ts';
import type { BackupManifest } from './backup.ts';

/**
 * `npm run backup` while clients post, then `npm run restore` into a new data folder: every post
 * acknowledged before the backup began is in the restored log, and the restored board equals a
 * rebuild of the restored log from zero.
 */

const products = crashTestProducts();
const run = promisify(execFile);
const script = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

/** Runs one of the two commands as an operator does, on the data folder `dataDir`. */
async function command(name: 'backup-main.ts' | 'restore-main.ts', dataDir: string, args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [script(name), ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

it('backs up under write load, restores a board equal to a rebuild with every post acknowledged before, and refuses what it must', async () => {
  const dataDir = products.dataDir('backup-source');
  const product = await products.start(dataDir);
  const { cookie, orgId } = await signUpWithOrganization(product, dataDir, 'backup@example.com');

  const acknowledged: number[] = [];
  let posting = true;
  const clients = Array.from({ length: 4 }, async (_, client) => {
    for (let i = 0; posting; i++) {
      const response = await fetch(`${product.url}/api/v1/trucks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: product.url },
        body: JSON.stringify({ ...upcomingTruck(), truckName: `Backup ${client}-${i}` }),
      });
      expect(response.status).toBe(201);
      acknowledged.push(((await response.json()) as { id: number }).id);
    }
  });
  while (acknowledged.length < 150) await sleep(5);

  // The backup runs while the four clients go on posting.
  const before = [...acknowledged];
  const backupDir = join(products.dataDir('backup-copy'), 'copy');
  const backup = await command('backup-main.ts', dataDir, [backupDir]);
  expect(backup.code, backup.output).toBe(0);
  const duringBackup = acknowledged.length - before.length;
  posting = false;
  await Promise.all(clients);
  await product.stop();
  expect(duringBackup, 'posts went on while the backup ran').toBeGreaterThan(0);

  const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
  expect(manifest.files.map((file) => file.name)).toEqual([
    'read-models.sqlite',
    'events.sqlite',
    'auth.sqlite',
    'auth-secret',
  ]);
  expect(BigInt(manifest.positions.readModels ?? '0')).toBeLessThanOrEqual(BigInt(manifest.positions.events));

  // Restored into a new folder: every post acknowledged before the backup began is in the log.
  const restoredDir = products.dataDir('backup-restored');
  const restored = await command('restore-main.ts', restoredDir, [backupDir]);
  expect(restored.code, restored.output).toBe(0);
  const events = openSqliteEventStore({ path: join(restoredDir, 'events.sqlite') });
  expect(String(await events.headPosition())).toBe(manifest.positions.events);
  const missing: number[] = [];
  for (const id of before) {
    const [posted] = await events.readStream(truckStream(id)).catch(() => []);
    if (posted?.type !== 'TruckPosted' || posted.metadata.orgId !== orgId) missing.push(id);
  }
  await events.close();
  expect(missing, 'acknowledged posts missing from the restored log').toEqual([]);

  // The restored product serves them (the session in the backup still holds), and its board, caught up
  // from the copied read models, equals a projection of the restored log from zero.
  const head = BigInt(manifest.positions.events);
  const fromBackup = await products.start(restoredDir);
  await waitForProjection(fromBackup, head);
  const board = await boardOf(fromBackup, cookie);
  expect(board.trucks.map((truck) => truck.id)).toEqual(expect.arrayContaining(before));
  await fromBackup.stop();

  const rebuiltDir = products.dataDir('backup-rebuilt');
  const rebuiltRestore = await command('restore-main.ts', rebuiltDir, [backupDir, '--rebuild']);
  expect(rebuiltRestore.code, rebuiltRestore.output).toBe(0);
  const rebuilt = await products.start(rebuiltDir);
  await waitForProjection(rebuilt, head);
  expect(await boardOf(rebuilt, cookie)).toEqual(board);
  await rebuilt.stop();

  // A backup never goes into a folder that holds something.
  const again = await command('backup-main.ts', dataDir, [backupDir]);
  expect(again.code).toBe(1);
  expect(again.output).toContain('is not empty');

  // Restoring over the product's own data folder is refused; so is a folder without a manifest.
  const over = await command('restore-main.ts', dataDir, [backupDir]);
  expect(over.code).toBe(1);
  expect(over.output).toContain('is not empty');
  const notBackup = await command('restore-main.ts', products.dataDir('backup-none'), [dataDir]);
  expect(notBackup.code).toBe(1);
  expect(notBackup.output).toContain('not a backup');

  // One byte changed in the log's copy: the checksum refuses it, and nothing is restored.
  const log = join(backupDir, 'events.sqlite');
  const bytes = readFileSync(log);
  bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
  writeFileSync(log, bytes);
  const target = products.dataDir('backup-damaged');
  const damaged = await command('restore-main.ts', target, [backupDir]);
  expect(damaged.code).toBe(1);
  expect(damaged.output).toContain('events.sqlite does not match its checksum');
  expect(() => readFileSync(join(target, 'auth.sqlite'))).toThrow();
}, 240_000);
