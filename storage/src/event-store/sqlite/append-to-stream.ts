import type { DatabaseSync } from 'node:sqlite';
import type { AppendResult, ExpectedRevision, NewEvent } from '../port.ts';
import { assertExpectedRevision } from './expected-revision.ts';

/** An event as it is stored: data and metadata already JSON, so the thread that commits only inserts. */
export interface EncodedEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

/** One append of a group commit: what `EventStore.append` was asked. */
export interface AppendRequest {
  streamId: string;
  events: EncodedEvent[];
  expected: ExpectedRevision;
}

/**
 * Appends one batch inside a write transaction the caller holds (see group-commit.ts), checking its
 * expected revision against what the transaction sees, earlier appends of the same group included.
 */
export type AppendToStream = (request: AppendRequest) => AppendResult;

interface EarlierEvent {
  stream_id: string;
  revision: bigint;
  position: bigint;
}

interface StreamEvent {
  event_id: string;
  revision: bigint;
  position: bigint;
}

export function encodeEvents(events: NewEvent[]): EncodedEvent[] {
  return events.map((event) => ({
    id: event.id,
    type: event.type,
    data: JSON.stringify(event.data),
    metadata: JSON.stringify(event.metadata),
  }));
}

export function prepareAppendToStream(db: DatabaseSync): AppendToStream {
  const streamRevision = db.prepare('SELECT max(revision) AS revision FROM events WHERE stream_id = ?');
  const findEvent = db.prepare('SELECT stream_id, revision, position FROM events WHERE event_id = ?');
  const streamSlice = db.prepare(
    'SELECT event_id, revision, position FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
  );
  const insert = db.prepare(
    'INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const statement of [streamRevision, findEvent, streamSlice, insert]) statement.setReadBigInts(true);

  /** A retried command re-appends the same events: answer as the first append did (as EventStoreDB does). */
  function earlierResult(streamId: string, events: EncodedEvent[], earlier: EarlierEvent): AppendResult {
    const firstId = events[0]?.id;
    if (earlier.stream_id !== streamId) {
      throw new Error(
        `Event ${firstId} cannot be appended to ${streamId}: it is already in ${earlier.stream_id}`,
      );
    }
    const slice = streamSlice.all(streamId, earlier.revision, events.length) as unknown as StreamEvent[];
    const last = slice.at(-1);
    if (!last || slice.length !== events.length || slice.some((row, i) => row.event_id !== events[i]?.id)) {
      throw new Error(`Event ${firstId} was already appended to ${streamId} in a different batch`);
    }
    return { nextRevision: last.revision, position: last.position };
  }

  return ({ streamId, events, expected }) => {
    const first = events[0];
    if (!first) throw new Error('append needs at least one event');
    const earlier = findEvent.get(first.id) as EarlierEvent | undefined;
    if (earlier) return earlierResult(streamId, events, earlier);

    const current = (streamRevision.get(streamId) as { revision: bigint | null }).revision;
    assertExpectedRevision(streamId, expected, current);

    let revision = current ?? -1n;
    let position = 0n;
    for (const event of events) {
      revision += 1n;
      try {
        const result = insert.run(streamId, revision, event.id, event.type, event.data, event.metadata);
        position = result.lastInsertRowid as bigint;
      } catch (error) {
        if (error instanceof Error && error.message.includes('events.event_id')) {
          throw new Error(`Event ${event.id} cannot be appended to ${streamId}: its id is already used`, {
            cause: error,
          });
        }
        throw error;
      }
    }
    return { nextRevision: revision, position };
  };
}
