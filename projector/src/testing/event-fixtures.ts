import { randomUUID } from 'node:crypto';
import { loadCreateSchema } from '@dispatch/domain';
import type { EventMetadata } from '@dispatch/storage';

/** The metadata the command side records with an event, by default from `user-1` on 21 November 2026. */
export const eventMetadata = ({
  orgId,
  actorId = 'user-1',
  occurredAt = '2026-11-21T10:00:00.000Z',
  schemaVersion = 1,
}: {
  orgId: string;
  actorId?: string;
  occurredAt?: string;
  schemaVersion?: number;
}): EventMetadata => ({
  orgId,
  actorId,
  correlationId: randomUUID(),
  causationId: null,
  schemaVersion,
  occurredAt,
});

/** The data of a posted load as the command side records it: a flatbed of heavy freight, Des Moines to Chicago. */
export const loadFixture = (fields: Record<string, unknown> = {}) =>
  loadCreateSchema.parse({
    trailerType: 'FLATBED',
    originState: 'IA',
    originCity: 'Des Moines',
    destinationState: 'IL',
    destinationCity: 'Chicago',
    product: 'HEAVY',
    rateForTitanUnit: 'TONS',
    rateForCarrierUnit: 'TONS',
    dispatcherName: 'Dana',
    dispatcherMobileNumber: '3125550100',
    dispatcherEmail: 'dana@example.com',
    availabilityDate: '2026-11-21',
    ...fields,
  });
