import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { unsettledOf } from '@dispatch/projector';
import { collections, LIVE_CHECKPOINT } from '@dispatch/read-models';
import { type DocumentStore, openSqliteDocumentStore, openSqliteEventStore } from '@dispatch/storage';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { backUp, restore } from './backup.ts';

/**
 * A backup of read models spread over files (a rebuild's file joined to the first), taken while batches
 * that write in both go on: each copy is a set in which every batch is whole, or says it is not.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dispatch-backup-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const trucks = { name: 'trucks_v1', fields: {} };

/** A read model joined from a staging file, as an admin's rebuild leaves it. */
async function joinedReadModels(dataDir: string): Promise<DocumentStore> {
  const documents = openSqliteDocumentStore({ path: join(dataDir, 'read-models.sqlite') });
  await documents.ensureCollection({ name: collections.checkpoints, fields: {} });
  const staging = (await documents.stagingFile?.('rebuild')) ?? '';
  const built = openSqliteDocumentStore({ path: staging, alone: true });
  await built.ensureCollection({ ...trucks, name: 'trucks_v1__rebuild' });
  await built.close();
  await documents.replaceCollections([{ target: trucks.name, source: 'trucks_v1__rebuild' }], [], {
    staged: 'rebuild',
  });
  return documents;
}

it('copies the joined files with the first, each copy a set no batch of the projector is cut in', async () => {
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  await openSqliteEventStore({ path: join(dataDir, 'events.sqlite') }).close();
  const documents = await joinedReadModels(dataDir);

  await documents.close();
  let position = 0n;
  const projector = new Worker(new URL('./testing/projector-batches.ts', import.meta.url), {
    workerData: { path: join(dataDir, 'read-models.sqlite'), collection: trucks.name },
  });
  projector.on('message', (message) => {
    if (typeof message === 'bigint') position = message;
  });
  const stopped = new Promise((resolve) => projector.once('exit', resolve));
  try {
    for (let copy = 1; copy <= 6; copy++) {
      while (position < BigInt(copy * 40)) await new Promise((resolve) => setTimeout(resolve, 2));
      const backupDir = join(dir, `copy-${copy}`);
      const manifest = await backUp({ dataDir, to: backupDir });
      const joined = readdirSync(dataDir).filter((name) => /^read-models\.r[0-9a-f]+\.sqlite$/.test(name));
      expect(joined).toHaveLength(1);
      expect(manifest.files.map((file) => file.name)).toEqual([
        'read-models.sqlite',
        ...joined,
        'events.sqlite',
      ]);

      const restoredDir = join(dir, `restored-${copy}`);
      await restore({ from: backupDir, dataDir: restoredDir });
      const restored = openSqliteDocumentStore({ path: join(restoredDir, 'read-models.sqlite') });
      try {
        const checkpoint = await restored.get(collections.checkpoints, LIVE_CHECKPOINT);
        const marked = await restored.get(collections.checkpoints, unsettledOf(LIVE_CHECKPOINT));
        const rows = await restored.count(trucks.name);
        // Whole: the joined file holds the rows of the batches the checkpoint counts, no more, no less;
        // or the copy carries the mark, and the product builds its read models again.
        if (!marked) expect(rows).toBe(Number(checkpoint?.position ?? 0));
      } finally {
        await restored.close();
      }
      await expect(
        restore({ from: backupDir, dataDir: join(dir, `rebuilt-${copy}`), rebuild: true }),
      ).resolves.toBeDefined();
      expect(readdirSync(join(dir, `rebuilt-${copy}`))).toEqual(['events.sqlite']);
    }
  } finally {
    projector.postMessage('stop');
    await stopped;
  }
});
