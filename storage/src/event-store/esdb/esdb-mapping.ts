import {
  ANY,
  type AppendExpectedRevision,
  type RecordedEvent as EsdbRecordedEvent,
  StreamNotFoundError as EsdbStreamNotFoundError,
  type EventData,
  type JSONType,
  jsonEvent,
  NO_STREAM,
  type Position,
  type ReadPosition,
  START,
  STREAM_EXISTS,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  type EventMetadata,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '../port.ts';

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return expected;
  }
}

export function toEsdbEvent(event: NewEvent): EventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: event.data as JSONType,
    metadata: { ...event.metadata } satisfies Record<string, unknown>,
  });
}

/**
 * Our positions are $all commit positions. Every event of an append gets its own commit position on
 * current servers (commit equals prepare), so a position we handed out is also a valid place to resume.
 */
export function toReadPosition(position: bigint): ReadPosition {
  return position === 0n ? START : toEsdbPosition(position);
}

export function toEsdbPosition(position: bigint): Position {
  return { commit: position, prepare: position };
}

/** System events ($metadata, $stats-…, projections' links) are the server's, not the product's. */
export function isSystemEvent(event: EsdbRecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

export function fromEsdbEvent(event: EsdbRecordedEvent): RecordedEvent {
  if (!event.position) {
    // Servers before 22.10 do not report positions on stream reads.
    throw new Error(`EventStoreDB returned event ${event.id} without a position; a newer server is required`);
  }
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: event.revision,
    position: event.position.commit,
    data: event.data,
    // Written by toEsdbEvent, so it is our metadata; the client only knows it as JSON.
    metadata: event.metadata as unknown as EventMetadata,
  };
}

export function translateError(error: unknown, streamId: string, expected?: ExpectedRevision): unknown {
  if (error instanceof WrongExpectedVersionError) {
    return new WrongExpectedRevisionError(streamId, expected ?? error.expectedVersion, error.actualVersion);
  }
  if (error instanceof EsdbStreamNotFoundError) return new StreamNotFoundError(streamId);
  return error;
}
