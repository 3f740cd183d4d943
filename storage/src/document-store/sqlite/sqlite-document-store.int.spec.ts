import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../event-store/sqlite/open-sqlite-event-store.ts';
import { onTemporaryFile } from '../../testing/temporary-file.ts';
import { testEvent } from '../../testing/test-event.ts';
import { documentStoreContract } from '../document-store.contract.ts';
import type { CollectionDefinition } from '../port.ts';
import { openSqliteDocumentStore } from './open-sqlite-document-store.ts';

documentStoreContract('sqlite in memory', () => openSqliteDocumentStore({ path: ':memory:' }));

documentStoreContract(
  'sqlite file',
  ...onTemporaryFile('dispatch-documents-', 'read-models.sqlite', (path) =>
    openSqliteDocumentStore({ path }),
  ),
);

describe('sqlite document store on disk', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dispatch-documents-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('shares one file with the event store', async () => {
    const path = join(dir, 'dispatch.sqlite');
    const events = openSqliteEventStore({ path });
    const documents = openSqliteDocumentStore({ path });
    await documents.ensureCollection({ name: 'trucks_v1', fields: { plate: 'text' } });

    const { position } = await events.append(
      'truck-1',
      [testEvent('TruckRegistered', { plate: 'AB-123-CD' })],
      { expected: 'no_stream' },
    );
    await documents.write([
      { op: 'put', collection: 'trucks_v1', document: { id: 'truck-1', plate: 'AB-123-CD' }, position },
    ]);

    expect(await documents.find('trucks_v1', { filter: { plate: { contains: 'ab-123' } } })).toEqual([
      { id: 'truck-1', plate: 'AB-123-CD', position: position.toString() },
    ]);
    expect(await events.headPosition()).toBe(position);
    await documents.close();
    await events.close();
  });

  it('builds only the declared indexes when a collection opts out of one per field', async () => {
    const path = join(dir, 'read-models.sqlite');
    const documents = openSqliteDocumentStore({ path });
    await documents.ensureCollection({
      name: 'postings_v1',
      fields: { orgId: 'text', updatedAt: 'date', status: 'boolean', name: 'text' },
      indexes: [['orgId', 'updatedAt']],
      indexEachField: false,
    });
    await documents.ensureCollection({ name: 'members_v1', fields: { orgId: 'text', name: 'text' } });
    await documents.close();
    const db = new DatabaseSync(path);
    const indexes = (table: string) =>
      (db.prepare(`PRAGMA index_list("${table}")`).all() as { name: string; origin: string }[])
        .filter((index) => index.origin === 'c')
        .map((index) => index.name)
        .sort();
    expect(indexes('docs_postings_v1')).toEqual(['docs_postings_v1:orgId,updatedAt']);
    expect(indexes('docs_members_v1')).toEqual(['docs_members_v1:name', 'docs_members_v1:orgId']);
    db.close();
  });

  it('creates deferred indexes only when asked', async () => {
    const path = join(dir, 'read-models.sqlite');
    const documents = openSqliteDocumentStore({ path });
    const indexes = () => {
      const db = new DatabaseSync(path);
      const names = (
        db.prepare('PRAGMA index_list("docs_postings_v1")').all() as { name: string; origin: string }[]
      )
        .filter((index) => index.origin === 'c')
        .map((index) => index.name);
      db.close();
      return names;
    };
    await documents.ensureCollection(
      {
        name: 'postings_v1',
        fields: { orgId: 'text', updatedAt: 'date' },
        indexes: [['orgId', 'updatedAt']],
        indexEachField: false,
      },
      { deferIndexes: true },
    );
    expect(indexes()).toEqual([]);
    await documents.createIndexes('postings_v1');
    expect(indexes()).toEqual(['docs_postings_v1:orgId,updatedAt']);
    await documents.close();
  });

  it('builds deferred indexes on its writer thread, leaving this thread free meanwhile', async () => {
    const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
    const postings: CollectionDefinition = {
      name: 'postings_v1',
      fields: { orgId: 'text', updatedAt: 'date', name: 'text' },
      indexes: [['orgId', 'updatedAt']],
      textIndex: ['name'],
      indexEachField: false,
    };
    await documents.ensureCollection(postings, { deferIndexes: true });
    const rows = Array.from({ length: 20_000 }, (_, index) => ({
      op: 'put' as const,
      collection: 'postings_v1',
      document: { id: `p${index}`, orgId: 'org-1', updatedAt: '2026-01-01', name: `Truck ${index}` },
      position: BigInt(index + 1),
    }));
    await documents.write(rows);
    const built = documents.createIndexes('postings_v1');
    // A build on this thread would run to its end before a callback of the event loop's next turn.
    const first = await Promise.race([
      built.then(() => 'indexes'),
      new Promise((resolve) => setImmediate(() => resolve('this thread'))),
    ]);
    await built;

    expect(first).toBe('this thread');
    expect(await documents.count('postings_v1', { name: { contains: 'truck 1999' } })).toBe(11);
    await documents.close();
  });

  it('lets the writes asked for while it builds indexes in between them, not after them all', async () => {
    const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
    const postings: CollectionDefinition = {
      name: 'postings_v1',
      fields: { orgId: 'text', updatedAt: 'date', name: 'text' },
      indexes: [
        ['orgId', 'updatedAt'],
        ['orgId', 'name'],
      ],
      textIndex: ['name'],
      indexEachField: false,
    };
    await documents.ensureCollection(postings, { deferIndexes: true });
    await documents.ensureCollection({ name: 'live_v1', fields: { name: 'text' } });
    await documents.write(
      Array.from({ length: 5_000 }, (_, index) => ({
        op: 'put' as const,
        collection: 'postings_v1',
        document: { id: `p${index}`, orgId: 'org-1', updatedAt: '2026-01-01', name: `Truck ${index}` },
        position: 1n,
      })),
    );
    // A rebuild builds its indexes while the live board writes.
    const built = documents.createIndexes('postings_v1');
    const wrote = documents.write([
      { op: 'put', collection: 'live_v1', document: { id: 'a', name: 'Atlas' }, position: 1n },
    ]);
    const first = await Promise.race([built.then(() => 'indexes'), wrote.then(() => 'write')]);
    await Promise.all([built, wrote]);
    const reader = new DatabaseSync(join(dir, 'read-models.sqlite'), { readOnly: true });
    const indexes = reader.prepare('PRAGMA index_list("docs_postings_v1")').all() as { origin: string }[];
    const analyzed = reader.prepare("SELECT idx FROM sqlite_stat1 WHERE tbl = 'docs_postings_v1'").all();
    reader.close();

    expect(first).toBe('write');
    expect(indexes.filter((index) => index.origin === 'c')).toHaveLength(2);
    expect(analyzed.length).toBeGreaterThanOrEqual(2);
    expect(await documents.count('postings_v1', { name: { contains: 'truck 4999' } })).toBe(1);
    await documents.close();
  });

  it('copies its WAL into the file every few megabytes, so no checkpoint makes a long disk write', async () => {
    const path = join(dir, 'read-models.sqlite');
    const documents = openSqliteDocumentStore({ path });
    await documents.ensureCollection({ name: 'notes_v1', fields: { orgId: 'text' } });
    // 32 MB of documents in 40 batches, as a busy projector writes them.
    const text = 'x'.repeat(8_000);
    for (let batch = 0; batch < 40; batch++) {
      await documents.write(
        Array.from({ length: 100 }, (_, index) => ({
          op: 'put' as const,
          collection: 'notes_v1',
          document: { id: `n${batch}-${index}`, orgId: 'org-1', text },
          position: BigInt(batch * 100 + index + 1),
        })),
      );
    }
    // The WAL is reused from its start after each checkpoint: its size is the most ever waiting to be
    // copied (and synced) at once. A checkpoint every 10,000 pages let all 32 MB wait.
    const wal = statSync(`${path}-wal`).size;
    await documents.close();
    expect(wal).toBeGreaterThan(0);
    expect(wal).toBeLessThan(16 * 1024 * 1024);
  });

  it('builds a text index over the rows there that the live writes after it do not rewrite whole', async () => {
    const path = join(dir, 'read-models.sqlite');
    const documents = openSqliteDocumentStore({ path });
    const notes: CollectionDefinition = {
      name: 'notes_v1',
      fields: { orgId: 'text', text: 'text' },
      textIndex: ['text'],
      indexEachField: false,
    };
    const note = (n: number) => ({
      id: `n${n}`,
      orgId: 'org-1',
      text: `Load ${n} from ${['Chicago', 'Dallas', 'Denver', 'Fresno'][n % 4]} to ${n % 997} Main Street, rate ${n % 89} per mile, customer ${n % 631}`,
    });
    await documents.ensureCollection(notes, { deferIndexes: true });
    for (let batch = 0; batch < 6; batch++) {
      await documents.write(
        Array.from({ length: 5_000 }, (_, index) => ({
          op: 'put' as const,
          collection: 'notes_v1',
          document: note(batch * 5_000 + index),
          position: BigInt(batch + 1),
        })),
      );
    }
    await documents.createIndexes('notes_v1');
    // The index's segments, by id, with how many of its pages start a term: a segment merged into
    // another is gone, one being merged loses pages.
    const reader = new DatabaseSync(path, { readOnly: true });
    const segments = reader.prepare(
      'SELECT segid, count(*) AS pages FROM "docs_notes_v1:text_idx" GROUP BY segid ORDER BY pages DESC',
    );
    const [largest] = segments.all() as { segid: number; pages: number }[];
    // A commit at a time, as a projector keeps up with a quiet board.
    for (let n = 0; n < 300; n++) {
      await documents.write([
        { op: 'put', collection: 'notes_v1', document: note(100_000 + n), position: 7n },
      ]);
    }
    const after = segments.all() as { segid: number; pages: number }[];
    reader.close();
    await documents.close();

    expect(largest?.pages).toBeGreaterThan(100);
    expect(after).toContainEqual(largest);
  });

  it.each([
    ['built now', false],
    ['built before deletes were kept apart', true],
  ])(
    'leaves a text index (%s) whole under the deletes of many rows, and finds none of them',
    async (_, earlier) => {
      const path = join(dir, 'read-models.sqlite');
      let documents = openSqliteDocumentStore({ path });
      const notes: CollectionDefinition = {
        name: 'notes_v1',
        fields: { orgId: 'text', text: 'text' },
        textIndex: ['text'],
        indexEachField: false,
      };
      const note = (n: number) => ({
        id: `n${n}`,
        orgId: 'org-1',
        text: `Truck ${n} in ${['Chicago', 'Dallas', 'Denver', 'Fresno'][n % 4]}, unit U-${n % 997}`,
      });
      await documents.ensureCollection(notes, { deferIndexes: true });
      await documents.write(
        Array.from({ length: 20_000 }, (_, n) => ({
          op: 'put' as const,
          collection: 'notes_v1',
          document: note(n),
          position: 1n,
        })),
      );
      await documents.createIndexes('notes_v1');
      if (earlier) {
        // The index as an earlier version left it: FTS5's own setting, a segment rewritten once a tenth
        // of its rows are deleted.
        await documents.close();
        const db = new DatabaseSync(path);
        db.exec(`INSERT INTO "docs_notes_v1:text" ("docs_notes_v1:text", rank) VALUES ('deletemerge', 10)`);
        db.close();
        documents = openSqliteDocumentStore({ path });
        await documents.ensureCollection(notes);
      }
      const reader = new DatabaseSync(path, { readOnly: true });
      const segments = reader.prepare(
        'SELECT segid, count(*) AS pages FROM "docs_notes_v1:text_idx" GROUP BY segid ORDER BY pages DESC',
      );
      const [largest] = segments.all() as { segid: number; pages: number }[];
      // A fifth of the rows off the list, a few hundred a commit, as an expiry sweep's are projected.
      for (let from = 0; from < 4_000; from += 500) {
        await documents.write(
          Array.from({ length: 500 }, (_, n) => ({
            op: 'delete' as const,
            collection: 'notes_v1',
            id: `n${from + n}`,
            position: 2n,
          })),
        );
      }
      const after = segments.all() as { segid: number; pages: number }[];
      reader.close();
      const found = await documents.find('notes_v1', {
        filter: { orgId: { eq: 'org-1' }, text: { contains: 'truck 12' } },
        limit: 10_000,
      });
      await documents.close();

      expect(largest?.pages).toBeGreaterThan(10);
      expect(after).toContainEqual(largest);
      // Truck 12, 120…129, 1200…1299 and 12000…12999 were listed; those under 4,000 are deleted.
      expect(found.map(({ id }) => Number(id.slice(1))).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20_000 }, (_, n) => n).filter((n) => n >= 4_000 && String(n).startsWith('12')),
      );
    },
  );

  it('knows collections another store on the file ensured', async () => {
    const path = join(dir, 'read-models.sqlite');
    const first = openSqliteDocumentStore({ path });
    await first.ensureCollection({ name: 'trucks_v1', fields: { plate: 'text' } });
    await first.write([
      { op: 'put', collection: 'trucks_v1', document: { id: 'a', plate: 'X' }, position: 1n },
    ]);

    const second = openSqliteDocumentStore({ path });
    expect(await second.count('trucks_v1', { plate: { eq: 'X' } })).toBe(1);
    await first.close();
    await second.close();
  });

  it('fills a text index a range of rows at a time, exact under the writes made in between', async () => {
    const path = join(dir, 'read-models.sqlite');
    const documents = openSqliteDocumentStore({ path });
    const notes: CollectionDefinition = {
      name: 'notes_v1',
      fields: { orgId: 'text', text: 'text' },
      indexes: [['orgId']],
      textIndex: ['text'],
      indexEachField: false,
    };
    const cities = ['Chicago', 'Dallas', 'Denver', 'Fresno'];
    const texts = new Map<string, string>();
    const put = (n: number, text: string, position: bigint) => {
      texts.set(`n${n}`, text);
      return {
        op: 'put' as const,
        collection: 'notes_v1',
        document: { id: `n${n}`, orgId: 'org-1', text },
        position,
      };
    };
    await documents.ensureCollection(notes, { deferIndexes: true });
    await documents.write(
      Array.from({ length: 30_000 }, (_, n) => put(n, `Truck ${n} in ${cities[n % 4]}`, 1n)),
    );
    const reader = new DatabaseSync(path, { readOnly: true });
    const filling = () =>
      reader.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'docs_notes_v1:text-fill'`).get() !==
      undefined;

    // While it is filled, rows both sides of its mark are renamed, removed and added.
    let built = false;
    const building = documents.createIndexes('notes_v1').finally(() => {
      built = true;
    });
    let seenFilling = false;
    for (let round = 0; !built; round++) {
      const n = (round * 7_919) % 30_000;
      const removed = (round * 104_729 + 13) % 30_000;
      texts.delete(`n${removed}`);
      await documents.write([
        put(n, `Trailer ${n} in Tulsa`, BigInt(round + 2)),
        { op: 'delete', collection: 'notes_v1', id: `n${removed}`, position: BigInt(round + 2) },
        put(40_000 + round, `Truck ${40_000 + round} in Tulsa`, 1n),
      ]);
      if (!built && filling()) seenFilling = true;
    }
    await building;
    reader.close();

    expect(seenFilling).toBe(true);
    for (const needle of ['tulsa', 'truck 12', 'trailer', 'denver']) {
      const found = await documents.find('notes_v1', {
        filter: { orgId: { eq: 'org-1' }, text: { contains: needle } },
        limit: 100_000,
      });
      const expected = [...texts].filter(([, text]) => text.toLowerCase().includes(needle)).map(([id]) => id);
      expect(found.map(({ id }) => id).sort(), needle).toEqual(expected.sort());
      expect(await documents.count('notes_v1', { text: { contains: needle } }), needle).toBe(expected.length);
    }
    await documents.close();
  });

  it('writes on its writer thread: a failed write rolls back whole and later writes go on', async () => {
    const path = join(dir, 'read-models.sqlite');
    const documents = openSqliteDocumentStore({ path });
    await documents.ensureCollection({ name: 'trucks_v1', fields: { plate: 'text' } });
    await documents.ensureCollection({ name: 'loads_v1', fields: {} });
    // The table goes behind the store's back: the writer's statement fails midway through the batch.
    const db = new DatabaseSync(path);
    db.exec('DROP TABLE "docs_loads_v1"');
    db.close();
    await expect(
      documents.write([
        { op: 'put', collection: 'trucks_v1', document: { id: 'a', plate: 'X' }, position: 1n },
        { op: 'put', collection: 'loads_v1', document: { id: 'b' }, position: 1n },
      ]),
    ).rejects.toThrow(/docs_loads_v1/);
    expect(await documents.get('trucks_v1', 'a')).toBeNull();

    await documents.write([
      { op: 'put', collection: 'trucks_v1', document: { id: 'a', plate: 'Y' }, position: 2n },
    ]);
    expect(await documents.get('trucks_v1', 'a')).toEqual({ id: 'a', plate: 'Y', position: '2' });
    await documents.close();
    await expect(
      documents.write([{ op: 'delete', collection: 'trucks_v1', id: 'a', position: 3n }]),
    ).rejects.toThrow('closed');
  });

  it('keeps the order of writes asked for without waiting, and schema changes wait for them', async () => {
    const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
    await documents.ensureCollection({ name: 'trucks_v1', fields: { plate: 'text' } });
    const writes = Array.from({ length: 50 }, (_, index) =>
      documents.write([
        {
          op: 'increment',
          collection: 'trucks_v1',
          id: 'counter',
          insert: { plate: 'C' },
          by: { seen: 1 },
          position: BigInt(index + 1),
        },
      ]),
    );
    await documents.dropCollection('trucks_v1');
    await Promise.all(writes);
    await documents.ensureCollection({ name: 'trucks_v1', fields: { plate: 'text' } });
    expect(await documents.get('trucks_v1', 'counter')).toBeNull();
    await documents.close();
  });

  it('keeps one index per column list and its text index when a collection takes the place of another', async () => {
    const path = join(dir, 'read-models.sqlite');
    const documents = openSqliteDocumentStore({ path });
    const definition = (name: string) => ({
      name,
      fields: { orgId: 'text' as const, updatedAt: 'date' as const, name: 'text' as const },
      indexes: [['orgId', 'updatedAt']],
      indexEachField: false,
      textIndex: ['name'],
    });
    await documents.ensureCollection(definition('postings_v1'));
    await documents.write([
      { op: 'put', collection: 'postings_v1', document: { id: 'old', name: 'Old Atlas' }, position: 1n },
    ]);
    await documents.ensureCollection(definition('postings_v1__rebuild'), { deferIndexes: true });
    await documents.write([
      { op: 'put', collection: 'postings_v1__rebuild', document: { id: 'a', name: 'Atlas' }, position: 1n },
    ]);
    await documents.createIndexes('postings_v1__rebuild');
    await documents.replaceCollections([{ target: 'postings_v1', source: 'postings_v1__rebuild' }], []);
    await documents.ensureCollection(definition('postings_v1'));
    // The triggers moved with the table write to the index that moved with it.
    await documents.write([
      { op: 'put', collection: 'postings_v1', document: { id: 'b', name: 'Big Atlas' }, position: 2n },
      { op: 'put', collection: 'postings_v1', document: { id: 'a', name: 'Renamed' }, position: 2n },
    ]);
    const atlas = { name: { contains: 'atlas' } };
    expect((await documents.find('postings_v1', { filter: atlas })).map(({ id }) => id)).toEqual(['b']);
    await documents.close();

    const db = new DatabaseSync(path);
    const names = (type: string) =>
      (
        db.prepare('SELECT name FROM sqlite_master WHERE type = ? ORDER BY name').all(type) as {
          name: string;
        }[]
      )
        .map(({ name }) => name)
        .filter((name) => name.startsWith('docs_'));
    const indexes = db.prepare('PRAGMA index_list("docs_postings_v1")').all() as { origin: string }[];
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM "docs_postings_v1" WHERE rowid IN
         (SELECT rowid FROM "docs_postings_v1:text" WHERE "docs_postings_v1:text" MATCH 'c0 : "atlas"')`,
      )
      .all() as { detail: string }[];
    const tables = names('table').filter((name) => !name.includes('text_'));
    const triggers = names('trigger');
    // The planner's statistics, kept by table name, moved with the table (none left for gone tables).
    const statistics = db
      .prepare(
        "SELECT tbl, idx FROM sqlite_stat1 WHERE tbl LIKE 'docs_postings%' AND tbl NOT LIKE '%:text%' ORDER BY tbl, idx",
      )
      .all();
    db.close();
    expect(statistics).toEqual([
      { tbl: 'docs_postings_v1', idx: 'docs_postings_v1__rebuild:orgId,updatedAt' },
      { tbl: 'docs_postings_v1', idx: 'sqlite_autoindex_docs_postings_v1__rebuild_1' },
    ]);
    expect(tables).toEqual([
      'docs_postings_v1',
      expect.stringMatching(/^docs_postings_v1:search:[0-9a-f]{10}$/),
      'docs_postings_v1:text',
    ]);
    expect(triggers).toHaveLength(3);
    expect(indexes.filter((index) => index.origin === 'c')).toHaveLength(1);
    expect(plan.some((step) => step.detail.includes('VIRTUAL TABLE INDEX'))).toBe(true);
  });

  it('drops the tables a switch replaced on its writer thread, after the switch has returned', async () => {
    const path = join(dir, 'read-models.sqlite');
    const documents = openSqliteDocumentStore({ path });
    const definition = (name: string) => ({ name, fields: { name: 'text' as const }, textIndex: ['name'] });
    await documents.ensureCollection(definition('trucks_v1'));
    await documents.write(
      Array.from({ length: 200_000 }, (_, index) => ({
        op: 'put' as const,
        collection: 'trucks_v1',
        document: { id: `t${index}`, name: `Truck ${index}` },
        position: 1n,
      })),
    );
    await documents.ensureCollection(definition('trucks_v1__rebuild'), { deferIndexes: true });
    await documents.write([
      { op: 'put', collection: 'trucks_v1__rebuild', document: { id: 'a', name: 'Atlas' }, position: 1n },
    ]);
    await documents.createIndexes('trucks_v1__rebuild');
    const replaced = () => {
      const db = new DatabaseSync(path, { readOnly: true });
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE name LIKE '%replaced%'").all();
      db.close();
      return tables.length;
    };
    await documents.replaceCollections([{ target: 'trucks_v1', source: 'trucks_v1__rebuild' }], []);
    // The switch is over and the new table serves while the writer thread drops the old one (dropped on
    // this thread, it would be gone already). The old table is large enough that its drop (freeing every
    // page of 200,000 rows and their text index) is still under way when this thread looks.
    const left = replaced();
    expect((await documents.find('trucks_v1', {})).map(({ id }) => id)).toEqual(['a']);
    // A write asked for meanwhile waits for a part of the drop, not for all of it.
    await documents.write([
      { op: 'put', collection: 'trucks_v1', document: { id: 'b', name: 'Boreas' }, position: 2n },
    ]);
    const leftAfterWrite = replaced();
    await documents.close();
    expect(left).toBeGreaterThan(0);
    expect(leftAfterWrite).toBeGreaterThan(0);
    expect(replaced()).toBe(0);
  });

  it('drops at open the tables a switch killed after its commit left behind', async () => {
    const path = join(dir, 'read-models.sqlite');
    const definition = (name: string) => ({ name, fields: { name: 'text' as const }, textIndex: ['name'] });
    let documents = openSqliteDocumentStore({ path });
    await documents.ensureCollection(definition('trucks_v1'));
    await documents.write([
      { op: 'put', collection: 'trucks_v1', document: { id: 'a', name: 'Atlas' }, position: 1n },
    ]);
    await documents.close();
    // The state a kill -9 leaves between the switch's commit and its drop of the replaced table.
    const db = new DatabaseSync(path);
    db.exec(`ALTER TABLE "docs_trucks_v1" RENAME TO "docs_trucks_v1__replaced"`);
    db.exec(`ALTER TABLE "docs_trucks_v1:text" RENAME TO "docs_trucks_v1__replaced:text"`);
    db.close();

    documents = openSqliteDocumentStore({ path });
    await documents.ensureCollection(definition('trucks_v1'));
    expect(await documents.find('trucks_v1', {})).toEqual([]);
    await documents.close();
    const reopened = new DatabaseSync(path);
    const tables = reopened
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%replaced%'`)
      .all();
    reopened.close();
    expect(tables).toEqual([]);
  });

  it('builds the search rows of a text index of an earlier shape, answering as before meanwhile', async () => {
    const path = join(dir, 'read-models.sqlite');
    const definition = {
      name: 'trucks_v1',
      fields: { orgId: 'text' as const, name: 'text' as const },
      indexes: [['orgId']],
      textIndex: ['name'],
    };
    let documents = openSqliteDocumentStore({ path });
    await documents.ensureCollection(definition);
    await documents.write(
      ['Atlas', 'Big Atlas', 'Boreas'].map((name, n) => ({
        op: 'put' as const,
        collection: 'trucks_v1',
        document: { id: `t${n}`, orgId: 'o', name },
        position: 1n,
      })),
    );
    await documents.close();
    // The text index as an earlier version left it: the trigram table alone, its triggers unhashed.
    const db = new DatabaseSync(path);
    const objects = (type: string) =>
      (
        db
          .prepare("SELECT name FROM sqlite_master WHERE type = ? AND name LIKE 'docs_trucks_v1:%'")
          .all(type) as {
          name: string;
        }[]
      ).map(({ name }) => name);
    for (const trigger of objects('trigger')) db.exec(`DROP TRIGGER "${trigger}"`);
    for (const table of objects('table').filter((name) => name.includes(':search:')))
      db.exec(`DROP TABLE "${table}"`);
    db.exec(`CREATE TRIGGER "docs_trucks_v1:text:insert:0badc0de" AFTER INSERT ON "docs_trucks_v1" BEGIN
      INSERT INTO "docs_trucks_v1:text" (rowid, c0) VALUES (new.rowid, new."f:name"); END`);
    db.close();

    const atlas = { orgId: { eq: 'o' }, name: { contains: 'atlas' } };
    documents = openSqliteDocumentStore({ path });
    // A reader before the collection is ensured again: no search rows of its shape, the plain query.
    expect((await documents.find('trucks_v1', { filter: atlas })).map(({ id }) => id)).toEqual(['t0', 't1']);
    await documents.ensureCollection(definition);
    await documents.write([
      {
        op: 'put',
        collection: 'trucks_v1',
        document: { id: 't3', orgId: 'o', name: 'Atlas III' },
        position: 2n,
      },
    ]);
    expect((await documents.find('trucks_v1', { filter: atlas })).map(({ id }) => id)).toEqual([
      't0',
      't1',
      't3',
    ]);
    expect(await documents.count('trucks_v1', atlas)).toBe(3);
    await documents.close();
    const after = new DatabaseSync(path);
    const triggers = (
      after
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'docs_trucks_v1'")
        .all() as {
        name: string;
      }[]
    ).map(({ name }) => name);
    const rows = after
      .prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name LIKE 'docs_trucks_v1:search:%'`)
      .get();
    after.close();
    expect(triggers).toHaveLength(3);
    expect(triggers.every((name) => !name.includes('0badc0de'))).toBe(true);
    expect(rows).toEqual({ n: 1 });
  });

  it('builds a text index declared later over the rows already there', async () => {
    const path = join(dir, 'read-models.sqlite');
    const documents = openSqliteDocumentStore({ path });
    const definition = { name: 'trucks_v1', fields: { name: 'text' as const } };
    await documents.ensureCollection(definition);
    await documents.write([
      { op: 'put', collection: 'trucks_v1', document: { id: 'a', name: 'Atlas' }, position: 1n },
      { op: 'put', collection: 'trucks_v1', document: { id: 'b', name: 'Boreas' }, position: 1n },
    ]);
    await documents.ensureCollection({ ...definition, textIndex: ['name'] });
    await documents.close();

    const db = new DatabaseSync(path);
    const indexed = db
      .prepare(`SELECT rowid FROM "docs_trucks_v1:text" WHERE "docs_trucks_v1:text" MATCH 'c0 : "atl"'`)
      .all();
    const analyzed = db.prepare("SELECT tbl FROM sqlite_stat1 WHERE tbl = 'docs_trucks_v1'").all();
    db.close();
    expect(indexed).toHaveLength(1);
    expect(analyzed.length).toBeGreaterThan(0);
  });

  it('lets collections with a text index take the place of another again and again', async () => {
    const documents = openSqliteDocumentStore({ path: join(dir, 'read-models.sqlite') });
    const definition = (name: string) => ({ name, fields: { name: 'text' as const }, textIndex: ['name'] });
    await documents.ensureCollection(definition('trucks_v1'));
    for (const round of [1, 2, 3]) {
      await documents.ensureCollection(definition('trucks_v1__rebuild'), { deferIndexes: true });
      await documents.write([
        {
          op: 'put',
          collection: 'trucks_v1__rebuild',
          document: { id: `t${round}`, name: `Atlas ${round}` },
          position: 1n,
        },
      ]);
      await documents.createIndexes('trucks_v1__rebuild');
      // Its index is built, though the table in service holds one of the same name from the last round.
      const reader = new DatabaseSync(join(dir, 'read-models.sqlite'), { readOnly: true });
      const indexes = reader.prepare('PRAGMA index_list("docs_trucks_v1__rebuild")').all() as {
        origin: string;
      }[];
      reader.close();
      expect(indexes.filter((index) => index.origin === 'c')).toHaveLength(1);
      await documents.replaceCollections([{ target: 'trucks_v1', source: 'trucks_v1__rebuild' }], []);
      await documents.ensureCollection(definition('trucks_v1'));
      const found = await documents.find('trucks_v1', { filter: { name: { contains: 'atlas' } } });
      expect(found.map(({ id }) => id)).toEqual([`t${round}`]);
    }
    await documents.close();
  });
});
