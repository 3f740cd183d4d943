import { DatabaseSync } from 'node:sqlite';
import { expect, it } from 'vitest';
import { type AppendRequest, encodeEvents } from './append-to-stream.ts';
import { appendOutcome, prepareCommitGroup } from './group-commit.ts';
import { createEventsSchema } from './schema.ts';

const metadata = {
  orgId: 'org-1',
  actorId: 'user-1',
  correlationId: 'c',
  causationId: null,
  schemaVersion: 1,
  occurredAt: '2025-03-01T08:30:00.000Z',
};
const request = (streamId: string, ids: string[], expected: AppendRequest['expected']): AppendRequest => ({
  streamId,
  expected,
  events: encodeEvents(ids.map((id) => ({ id, type: 'T', data: { id }, metadata }))),
});

function database() {
  const db = new DatabaseSync(':memory:');
  createEventsSchema(db);
  return db;
}

it('commits a group in one transaction, each append checked against the ones before it', () => {
  const db = database();
  const commit = prepareCommitGroup(db);
  const outcomes = commit([
    request('truck-1', ['e1'], 'no_stream'),
    request('truck-1', ['e2'], 0n),
    request('truck-1', ['e3'], 0n),
    request('truck-2', ['e4', 'e5'], 'no_stream'),
    request('truck-3', ['e6', 'e1'], 'any'),
    request('truck-2', ['e4', 'e5'], 'no_stream'),
  ]);
  expect(outcomes).toEqual([
    { result: { nextRevision: 0n, position: 1n } },
    { result: { nextRevision: 1n, position: 2n } },
    { conflict: { streamId: 'truck-1', expected: 0n, actual: 1n } },
    { result: { nextRevision: 1n, position: 4n } },
    { failure: 'Event e1 cannot be appended to truck-3: its id is already used' },
    // A batch re-appended in the same group answers as its first append did.
    { result: { nextRevision: 1n, position: 4n } },
  ]);
  expect(db.isTransaction).toBe(false);
  // The batch that failed half-way left nothing, not even its first event.
  expect(
    db
      .prepare('SELECT event_id FROM events ORDER BY position')
      .all()
      .map((row) => row.event_id),
  ).toEqual(['e1', 'e2', 'e4', 'e5']);
  expect(() => appendOutcome(outcomes[2]!)).toThrow('Stream truck-1: expected revision 0, actual 1');
  db.close();
});

it('fails an append alone when its insert fails, and the whole group when the commit fails', () => {
  const db = database();
  const commit = prepareCommitGroup(db);
  db.exec(
    `CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.event_id = 'boom' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
  );
  expect(commit([request('truck-1', ['a'], 'any'), request('truck-2', ['boom'], 'any')])).toEqual([
    { result: { nextRevision: 0n, position: 1n } },
    { failure: 'refused' },
  ]);

  // A deferred foreign key is checked at COMMIT: the commit fails, so no append of the group is stored.
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('CREATE TABLE parent (id TEXT PRIMARY KEY)');
  db.exec('CREATE TABLE child (parent TEXT REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)');
  db.exec(
    `CREATE TRIGGER orphan AFTER INSERT ON events WHEN NEW.event_id = 'late' BEGIN INSERT INTO child VALUES ('none'); END`,
  );
  expect(() => commit([request('truck-3', ['c'], 'any'), request('truck-4', ['late'], 'any')])).toThrow(
    'FOREIGN KEY constraint failed',
  );
  expect(db.isTransaction).toBe(false);
  expect(db.prepare('SELECT event_id FROM events').all()).toEqual([{ event_id: 'a' }]);
  db.close();
});
