import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CollectionDefinition, DocumentStore, WriteOperation } from '../port.ts';
import { openSqliteDocumentStore } from './open-sqlite-document-store.ts';

const trucks: CollectionDefinition = {
  name: 'trucks',
  fields: { orgId: 'text', truckName: 'text' },
  indexes: [['orgId', 'truckName']],
  textIndex: ['truckName'],
};
const loads: CollectionDefinition = { name: 'loads', fields: { orgId: 'text' } };
const marks: CollectionDefinition = { name: 'marks', fields: {} };

const put = (collection: string, id: string, fields: Record<string, unknown> = {}, position = 1n) =>
  ({ op: 'put', collection, document: { id, ...fields }, position }) as WriteOperation;
const ids = async (documents: DocumentStore, collection: string) =>
  (await documents.find(collection, {})).map((document) => document.id);

describe('read models in files of their own, joined to the first', () => {
  let dir: string;
  let path: string;
  let documents: DocumentStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dispatch-file-set-'));
    path = join(dir, 'read-models.sqlite');
    documents = openSqliteDocumentStore({ path });
    for (const definition of [trucks, loads, marks]) await documents.ensureCollection(definition);
    await documents.write([
      put('trucks', 'old-1', { orgId: 'org-a', truckName: 'Old one' }),
      put('loads', 'load-1', { orgId: 'org-a' }),
    ]);
  });
  afterEach(async () => {
    await documents.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A read model built in the staging file of `key` by a store of its own, as a rebuild's builder does. */
  async function buildStaged(key: string, rows: string[], options: { fresh?: boolean } = {}) {
    const staging = await documents.stagingFile?.(key, options);
    if (!staging) throw new Error('no staging file');
    const builder = openSqliteDocumentStore({ path: staging, alone: true });
    await builder.ensureCollection({ ...trucks, name: 'trucks__rebuild' });
    await builder.ensureCollection({ name: 'scratch', fields: {} });
    await builder.write([
      ...rows.map((id) => put('trucks__rebuild', id, { orgId: 'org-a', truckName: `Rebuilt ${id}` })),
      put('scratch', 'copy'),
    ]);
    await builder.close();
    return staging;
  }
  const joinStaged = (key: string, operations: WriteOperation[] = []) =>
    documents.replaceCollections([{ target: 'trucks', source: 'trucks__rebuild' }], operations, {
      staged: key,
    });
  const joinedFiles = () =>
    readdirSync(dir).filter((name) => /^read-models\.r[0-9a-f]{10}\.sqlite$/.test(name));

  it('keeps one staging file a key until it is begun afresh, which deletes the first', async () => {
    const first = await documents.stagingFile?.('rebuild');
    expect(await documents.stagingFile?.('rebuild')).toBe(first);
    expect(await documents.stagingFile?.('other')).not.toBe(first);
    await buildStaged('rebuild', ['a']);
    expect(existsSync(first ?? '')).toBe(true);
    const fresh = await documents.stagingFile?.('rebuild', { fresh: true });
    expect(fresh).not.toBe(first);
    expect(existsSync(first ?? '')).toBe(false);
    expect(await documents.stagingFile?.('none', { create: false })).toBeNull();
  });

  it('serves a read model built in a staging file under its name once the file joins, in one switch', async () => {
    const staging = await buildStaged('rebuild', ['new-1', 'new-2']);
    await joinStaged('rebuild', [put('marks', 'switched', {}, 7n)]);

    expect(await ids(documents, 'trucks')).toEqual(['new-1', 'new-2']);
    // Its indexes and text search came with it; the other read models are as they were.
    expect(await ids(documents, 'trucks')).toEqual(['new-1', 'new-2']);
    expect(
      (await documents.find('trucks', { filter: { truckName: { contains: 'ebuilt new-2' } } })).map(
        (d) => d.id,
      ),
    ).toEqual(['new-2']);
    expect(await ids(documents, 'loads')).toEqual(['load-1']);
    expect(await documents.get('marks', 'switched')).toMatchObject({ position: '7' });
    expect(await documents.stagingFile?.('rebuild', { create: false })).toBeNull();

    // Writes go to it now, reads and counts follow, and a drop takes it away.
    await documents.write([put('trucks', 'new-3', { orgId: 'org-a', truckName: 'Third' }, 2n)]);
    expect(await documents.count('trucks', { orgId: { eq: 'org-a' } })).toBe(3);

    // The first file's table it replaced, and the builder's scratch copy, are dropped after the switch.
    await documents.close();
    const firstFile = openSqliteDocumentStore({ path, alone: true });
    const joined = openSqliteDocumentStore({ path: staging, alone: true });
    try {
      await expect(firstFile.count('trucks')).rejects.toThrow('does not exist');
      await expect(joined.count('scratch')).rejects.toThrow('does not exist');
      expect(await joined.count('trucks__rebuild')).toBe(3);
    } finally {
      await firstFile.close();
      await joined.close();
    }
    documents = openSqliteDocumentStore({ path });
    expect(await ids(documents, 'trucks')).toEqual(['new-1', 'new-2', 'new-3']);
    await documents.dropCollection('trucks');
    await expect(documents.count('trucks')).rejects.toThrow('does not exist');
    await documents.close();
    expect(joinedFiles()).toEqual([]);
    documents = openSqliteDocumentStore({ path });
  });

  it('follows a switch made by another store on the same files at its next read', async () => {
    const reader = openSqliteDocumentStore({ path });
    try {
      expect(await ids(reader, 'trucks')).toEqual(['old-1']);
      await buildStaged('rebuild', ['new-1']);
      await joinStaged('rebuild');
      expect(await ids(reader, 'trucks')).toEqual(['new-1']);
      // And the next one, which deletes the file it read from.
      await buildStaged('rebuild', ['newer-1']);
      await joinStaged('rebuild');
      expect(await ids(reader, 'trucks')).toEqual(['newer-1']);
    } finally {
      await reader.close();
    }
  });

  it('deletes a joined file whole once a later switch leaves it serving nothing', async () => {
    await buildStaged('rebuild', ['new-1']);
    await joinStaged('rebuild');
    const [firstJoined] = joinedFiles();
    await buildStaged('rebuild', ['newer-1']);
    await joinStaged('rebuild');
    await documents.close();
    expect(joinedFiles()).toHaveLength(1);
    expect(joinedFiles()).not.toContain(firstJoined);
    documents = openSqliteDocumentStore({ path });
    expect(await ids(documents, 'trucks')).toEqual(['newer-1']);
  });

  it('writes a batch over several files with its mark until the last commit, and leaves the mark if cut', async () => {
    await buildStaged('rebuild', ['new-1']);
    await joinStaged('rebuild');
    const unsettled = { collection: 'marks', id: 'batch:unsettled' };

    await documents.write(
      [
        put('loads', 'load-2', { orgId: 'org-a' }),
        put('trucks', 'new-2', { orgId: 'org-a', truckName: 'B' }),
      ],
      { unsettled },
    );
    expect(await ids(documents, 'loads')).toEqual(['load-1', 'load-2']);
    expect(await ids(documents, 'trucks')).toEqual(['new-1', 'new-2']);
    expect(await documents.get('marks', unsettled.id)).toBeNull();

    // The joined file's part fails (a value JSON cannot hold): the first file's part is not written,
    // and the mark tells that the batch was cut.
    await expect(
      documents.write([put('loads', 'load-3', { orgId: 'org-a' }), put('trucks', 'new-3', { bad: 1n })], {
        unsettled,
      }),
    ).rejects.toThrow();
    expect(await documents.get('loads', 'load-3')).toBeNull();
    expect(await documents.get('marks', unsettled.id)).not.toBeNull();
  });

  it('writes nothing of a batch over several files, not even its mark, when the batch before it fails', async () => {
    await buildStaged('rebuild', ['new-1']);
    await joinStaged('rebuild');
    const unsettled = { collection: 'marks', id: 'batch:unsettled' };
    const batch = [put('loads', 'load-2', { orgId: 'org-a' }), put('trucks', 'new-2', { orgId: 'org-a' })];

    await expect(
      documents.write(batch, { unsettled, after: Promise.reject(new Error('the batch before failed')) }),
    ).rejects.toThrow('the batch before failed');
    expect(await ids(documents, 'loads')).toEqual(['load-1']);
    expect(await ids(documents, 'trucks')).toEqual(['new-1']);
    expect(await documents.get('marks', unsettled.id)).toBeNull();

    await documents.write(batch, { unsettled, after: Promise.resolve() });
    expect(await ids(documents, 'loads')).toEqual(['load-1', 'load-2']);
    expect(await ids(documents, 'trucks')).toEqual(['new-1', 'new-2']);
    expect(await documents.get('marks', unsettled.id)).toBeNull();
  });

  it('drops a joined read model whole, leaving no table of the first file to serve under its name', async () => {
    await buildStaged('rebuild', ['new-1']);
    await joinStaged('rebuild');
    await documents.close();
    // The first file's table the switch replaced, as a crash before its drop leaves it.
    const firstFile = openSqliteDocumentStore({ path, alone: true });
    await firstFile.ensureCollection(trucks);
    await firstFile.write([put('trucks', 'stale', { orgId: 'org-a', truckName: 'Stale' })]);
    await firstFile.close();

    documents = openSqliteDocumentStore({ path });
    expect(await ids(documents, 'trucks')).toEqual(['new-1']);
    await documents.dropCollection('trucks');
    await documents.ensureCollection(trucks);
    expect(await ids(documents, 'trucks')).toEqual([]);
  });

  it('drops what a switch left behind when asked, as a start after a crash does', async () => {
    await buildStaged('rebuild', ['new-1']);
    await joinStaged('rebuild');
    await documents.close();
    const firstFile = openSqliteDocumentStore({ path, alone: true });
    await firstFile.ensureCollection(trucks);
    await firstFile.close();
    const stray = path.replace(/\.sqlite$/, '.r0123456789.sqlite');
    await openSqliteDocumentStore({ path: stray, alone: true }).close();

    documents = openSqliteDocumentStore({ path });
    await documents.tidy?.();
    const reopened = openSqliteDocumentStore({ path, alone: true });
    try {
      await expect(reopened.count('trucks')).rejects.toThrow('does not exist');
    } finally {
      await reopened.close();
    }
    expect(existsSync(stray)).toBe(false);
    expect(await ids(documents, 'trucks')).toEqual(['new-1']);
  });

  it('reads a new read model as far as a staging file has built it, and from nowhere once that file is begun afresh', async () => {
    const staging = (await documents.stagingFile?.('group-rebuild')) ?? '';
    const builder = openSqliteDocumentStore({ path: staging, alone: true });
    await builder.ensureCollection({ name: 'loads_v2', fields: { orgId: 'text' } });
    await builder.write([put('loads_v2', 'built-1', { orgId: 'org-a' })]);
    expect(await ids(documents, 'loads_v2')).toEqual(['built-1']);
    await builder.write([put('loads_v2', 'built-2', { orgId: 'org-a' })]);
    expect(await documents.count('loads_v2')).toBe(2);
    // Writes and schema changes stay with the first file.
    await expect(documents.write([put('loads_v2', 'other')])).rejects.toThrow('does not exist');
    await builder.close();

    await documents.stagingFile?.('group-rebuild', { fresh: true });
    await expect(documents.count('loads_v2')).rejects.toThrow('does not exist');
  });

  it('forgets the places of read models whose file is gone, and names them', async () => {
    await buildStaged('rebuild', ['new-1']);
    await joinStaged('rebuild');
    expect(await documents.forgetLostFiles?.()).toEqual([]);
    await documents.close();
    for (const file of joinedFiles()) rmSync(join(dir, file), { force: true });

    documents = openSqliteDocumentStore({ path });
    expect(await documents.forgetLostFiles?.()).toEqual(['trucks']);
    // The name is the first file's again: a new table, not the one the switch replaced.
    await documents.ensureCollection(trucks);
    expect(await ids(documents, 'trucks')).toEqual([]);
  });

  it('replaces a read model of the first file in place when no staging file is given', async () => {
    await documents.ensureCollection({ ...trucks, name: 'trucks__rebuild' });
    await documents.write([put('trucks__rebuild', 'in-place', { orgId: 'org-a', truckName: 'Here' })]);
    await documents.replaceCollections([{ target: 'trucks', source: 'trucks__rebuild' }], []);
    expect(await ids(documents, 'trucks')).toEqual(['in-place']);
    expect(joinedFiles()).toEqual([]);
  });
});
