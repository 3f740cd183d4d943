import { collections } from '@dispatch/read-models';
import { type Document, openSqliteDocumentStore } from '@dispatch/storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnitOfWork } from './unit-of-work.ts';

const counts = { name: 'counts_v1', fields: {} };
const insert = { orgId: 'org-1', kind: 'trucks' };

describe('a batch counting on documents', () => {
  let documents: ReturnType<typeof openSqliteDocumentStore>;
  beforeEach(async () => {
    documents = openSqliteDocumentStore({ path: ':memory:' });
    await documents.ensureCollection(counts);
    await documents.ensureCollection({ name: collections.checkpoints, fields: {} });
  });
  afterEach(() => documents.close());

  it('adds an amount to each counter named, twice for a counter named twice, merged with other increments', async () => {
    const unit = new UnitOfWork(documents, null);
    unit.position = 5n;
    unit.incrementEach(counts.name, 'stats', insert, ['total', 'facets.a|b'], 1);
    unit.position = 6n;
    unit.increment(counts.name, 'stats', insert, { total: 1, 'facets.c|d': 1 });
    unit.position = 7n;
    unit.incrementEach(counts.name, 'stats', insert, ['facets.a|b', 'facets.a|b', 'facets.c|d'], -1);

    expect(await unit.get(counts.name, 'stats')).toEqual({
      ...insert,
      id: 'stats',
      total: 2,
      facets: { 'a|b': -1, 'c|d': 0 },
      position: '7',
    });
    // One write for the document, at the last event's position; a counter back at zero is not written.
    await documents.write(unit.operations('live', counts.name, false, []));
    expect(await documents.get<Document>(counts.name, 'stats')).toEqual({
      ...insert,
      id: 'stats',
      total: 2,
      facets: { 'a|b': -1 },
      position: '7',
    });
  });

  it('counts on top of a document the batch replaced, and from `insert` after one it removed', async () => {
    const unit = new UnitOfWork(documents, null);
    unit.position = 3n;
    unit.put(counts.name, { id: 'replaced', ...insert, total: 10 });
    unit.delete(counts.name, 'removed');
    unit.position = 4n;
    unit.incrementEach(counts.name, 'replaced', insert, ['total', 'total'], 1);
    unit.incrementEach(counts.name, 'removed', insert, ['total'], -1);

    expect(await unit.get(counts.name, 'replaced')).toEqual({
      ...insert,
      id: 'replaced',
      total: 12,
      position: '4',
    });
    expect(await unit.get(counts.name, 'removed')).toEqual({
      ...insert,
      id: 'removed',
      total: -1,
      position: '4',
    });
  });
});
