import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { truckCreateSchema, truckStream, usCities } from '@dispatch/domain';
import { type NewEvent, newEventId } from '@dispatch/storage';

export const tempDir = (label: string) => mkdtempSync(join(tmpdir(), `dispatch-bench-${label}-`));

export const truckBody = (index: number) => {
  const city = usCities[index % usCities.length]!;
  return {
    trailerType: 'FLATBED',
    truckName: `Bench ${index}`,
    truckState: city.state,
    truckCity: city.city,
    availabilityDate: '2026-11-21',
    dispatcherName: 'Bench Dispatcher',
    dispatcherMobileNumber: '3125550100',
    dispatcherEmail: 'bench@example.com',
  };
};

export function metadata(orgId: string) {
  return {
    orgId,
    actorId: 'bench-user',
    correlationId: randomUUID(),
    causationId: null,
    schemaVersion: 1,
    occurredAt: new Date().toISOString(),
  };
}

/** A truck's life as events: posted, then `updates` edits. */
export function truckEvents(
  orgId: string,
  truckId: number,
  updates: number,
): { stream: string; events: NewEvent[] } {
  const events: NewEvent[] = [
    {
      id: newEventId(),
      type: 'TruckPosted',
      data: { truckId, ...truckCreateSchema.parse(truckBody(truckId)) },
      metadata: metadata(orgId),
    },
  ];
  for (let i = 0; i < updates; i++) {
    events.push({
      id: newEventId(),
      type: 'TruckUpdated',
      data: { truckId, changes: { status: i % 2 === 0, notes: `update ${i}` } },
      metadata: metadata(orgId),
    });
  }
  return { stream: truckStream(truckId), events };
}
