import type { DatabaseSync } from 'node:sqlite';
import {
  type AppendResult,
  type ExpectedRevision,
  type StreamAppendOutcome,
  WrongExpectedRevisionError,
} from '../port.ts';
import { type AppendRequest, prepareAppendToStream } from './append-to-stream.ts';

/**
 * What one append of a group came to. Plain data, so it crosses from the committing thread as it is
 * (bigints included); `appendOutcome` turns it back into the append's answer or error.
 */
export type AppendOutcome =
  | { result: AppendResult }
  | { conflict: { streamId: string; expected: ExpectedRevision; actual: bigint | 'no_stream' } }
  | { failure: string };

/** Commits a group of appends; throws only when the transaction itself fails (then none of them is stored). */
export type CommitGroup = (requests: AppendRequest[]) => AppendOutcome[];

/**
 * Group commit: every append of the group runs in one write transaction, in the order asked, so one
 * commit (one fsync of the WAL with synchronous=FULL) makes them all durable together. Each append
 * keeps its own expected-revision check, made against what the transaction sees (the earlier appends
 * of the group included), and its own answer: a failing append changes nothing (a batch that fails
 * half-way is rolled back to its savepoint) and fails alone; the others commit.
 */
export function prepareCommitGroup(db: DatabaseSync): CommitGroup {
  const appendToStream = prepareAppendToStream(db);

  function appendOne(request: AppendRequest): AppendOutcome {
    // A single insert that fails leaves nothing behind; only a batch needs a savepoint to undo its first rows.
    const savepoint = request.events.length > 1;
    if (savepoint) db.exec('SAVEPOINT append');
    try {
      const result = appendToStream(request);
      if (savepoint) db.exec('RELEASE append');
      return { result };
    } catch (error) {
      if (savepoint) db.exec('ROLLBACK TO append; RELEASE append');
      if (error instanceof WrongExpectedRevisionError) {
        return { conflict: { streamId: error.streamId, expected: error.expected, actual: error.actual } };
      }
      return { failure: error instanceof Error ? error.message : String(error) };
    }
  }

  return (requests) => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const outcomes = requests.map(appendOne);
      db.exec('COMMIT');
      return outcomes;
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  };
}

export function appendOutcome(outcome: AppendOutcome): AppendResult {
  if ('result' in outcome) return outcome.result;
  if ('conflict' in outcome) {
    const { streamId, expected, actual } = outcome.conflict;
    throw new WrongExpectedRevisionError(streamId, expected, actual);
  }
  throw new Error(outcome.failure);
}

/** An append's outcome as `appendToStreams` answers it: its result, or its error as a value. */
export function streamAppendOutcome(outcome: AppendOutcome): StreamAppendOutcome {
  try {
    return { result: appendOutcome(outcome) };
  } catch (error) {
    return { error: error as Error };
  }
}
