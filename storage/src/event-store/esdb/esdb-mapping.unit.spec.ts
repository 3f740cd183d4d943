import { ANY, NO_STREAM, START, STREAM_EXISTS, WrongExpectedVersionError } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../port.ts';
import {
  fromEsdbEvent,
  isSystemEvent,
  toEsdbExpectedRevision,
  toReadPosition,
  translateError,
} from './esdb-mapping.ts';

const metadata = {
  orgId: 'org-1',
  actorId: 'user-1',
  correlationId: 'c-1',
  causationId: null,
  schemaVersion: 1,
  occurredAt: '2025-03-01T08:30:00.000Z',
};

describe('mapping to EventStoreDB', () => {
  it('maps every expected revision', () => {
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('stream_exists')).toBe(STREAM_EXISTS);
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision(4n)).toBe(4n);
  });

  it('resumes from the start for 0n and from the commit position otherwise', () => {
    expect(toReadPosition(0n)).toBe(START);
    expect(toReadPosition(1234n)).toEqual({ commit: 1234n, prepare: 1234n });
  });

  it('turns a wrong expected version into our error, keeping what the caller expected', () => {
    const error = new WrongExpectedVersionError(undefined, {
      streamName: 'truck-1',
      expected: NO_STREAM,
      current: 3n,
    });
    const translated = translateError(error, 'truck-1', 'no_stream');
    expect(translated).toBeInstanceOf(WrongExpectedRevisionError);
    expect(translated).toMatchObject({ streamId: 'truck-1', expected: 'no_stream', actual: 3n });
  });

  it('maps a recorded event to commit position, revision and metadata', () => {
    const recorded = fromEsdbEvent({
      streamId: 'truck-1',
      id: 'e-1',
      isJson: true,
      revision: 2n,
      type: 'TruckRenamed',
      created: new Date(0),
      data: { name: 'Big Blue' },
      metadata,
      position: { commit: 900n, prepare: 900n },
    });
    expect(recorded).toEqual({
      id: 'e-1',
      streamId: 'truck-1',
      revision: 2n,
      position: 900n,
      type: 'TruckRenamed',
      data: { name: 'Big Blue' },
      metadata,
    });
  });

  it('recognises the server’s own events', () => {
    const event = (streamId: string, type: string) =>
      ({
        streamId,
        type,
        id: 'x',
        isJson: true,
        revision: 0n,
        created: new Date(0),
        data: {},
        metadata: {},
      }) as const;
    expect(isSystemEvent(event('$stats-127.0.0.1:2113', '$statsCollected'))).toBe(true);
    expect(isSystemEvent(event('truck-1', '$metadata'))).toBe(true);
    expect(isSystemEvent(event('truck-1', 'TruckRegistered'))).toBe(false);
  });
});
