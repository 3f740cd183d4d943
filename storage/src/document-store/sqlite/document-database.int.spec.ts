import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDocumentDatabase } from './document-database.ts';

describe('a read-model database connection', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dispatch-document-database-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads its file through a memory map, as far as SQLite maps one, and reads what another connection wrote', () => {
    const path = join(dir, 'read-models.sqlite');
    const writer = openDocumentDatabase(path);
    const reader = openDocumentDatabase(path);
    try {
      const { mmap_size: mapped } = reader.prepare('PRAGMA mmap_size').get() as { mmap_size: number };
      // SQLite's build limit (2 GB for Node's) or more: never the default of none.
      expect(mapped).toBeGreaterThanOrEqual(2 ** 31 - 2 ** 16);
      writer.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, doc TEXT)');
      const insert = writer.prepare('INSERT INTO t (doc) VALUES (?)');
      for (let n = 0; n < 2000; n++) insert.run(`document ${n} ${'x'.repeat(900)}`);
      expect(reader.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2000 });
      writer.prepare('UPDATE t SET doc = ? WHERE id = 7').run('changed');
      expect(reader.prepare('SELECT doc FROM t WHERE id = 7').get()).toEqual({ doc: 'changed' });
    } finally {
      reader.close();
      writer.close();
    }
  });
});
