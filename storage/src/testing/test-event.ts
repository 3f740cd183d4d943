import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../event-store/port.ts';

/** An event to append, with a new id: by default a truck registered by user-1 of org-1 on 1 March 2025. */
export function testEvent(
  type = 'TruckRegistered',
  data: Record<string, unknown> = {},
  occurredAt = '2025-03-01T08:30:00.000Z',
): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      orgId: 'org-1',
      actorId: 'user-1',
      correlationId: randomUUID(),
      causationId: null,
      schemaVersion: 1,
      occurredAt,
    },
  };
}
