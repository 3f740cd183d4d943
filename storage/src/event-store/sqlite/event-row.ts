import type { RecordedEvent } from '../port.ts';

export const eventColumns = 'position, stream_id, revision, event_id, type, data, metadata';

/** A row as read with `setReadBigInts(true)`, so integers arrive as bigint. */
export interface EventRow {
  position: bigint;
  stream_id: string;
  revision: bigint;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
  };
}
