import { loadCreateSchema, truckCreateSchema } from '@dispatch/domain';
import { newEventId, type RecordedEvent } from '@dispatch/storage';
import type { TestApp } from './test-support.ts';

/**
 * Postings written to the event store as the command side writes them, but at chosen instants:
 * tests of date filters and calendars need creation and edit times they can name. The projector
 * builds the read models from these events exactly as from commands.
 */
export class PostingHistory {
  readonly #app: TestApp;
  readonly #orgId: string;
  readonly #revisions = new Map<string, bigint>();
  /** Position of the last event written, for `x-min-position`. */
  position = 0n;

  constructor(app: TestApp, orgId: string) {
    this.#app = app;
    this.#orgId = orgId;
  }

  async append(stream: string, type: string, data: object, occurredAt: string, actorId: string) {
    const revision = this.#revisions.get(stream);
    const result = await this.#app.infrastructure.eventStore.append(
      stream,
      [
        {
          id: newEventId(),
          type,
          data,
          metadata: {
            orgId: this.#orgId,
            actorId,
            correlationId: newEventId(),
            causationId: null,
            schemaVersion: 1,
            occurredAt,
          },
        },
      ],
      { expected: revision ?? 'no_stream' },
    );
    this.#revisions.set(stream, result.nextRevision);
    this.position = result.position;
    return result;
  }

  postTruck(truckId: number, fields: Partial<TruckFields>, at: string, by: string) {
    const truck = truckCreateSchema.parse({ ...baseTruck, ...fields });
    return this.append(`truck-${truckId}`, 'TruckPosted', { truckId, ...truck }, at, by);
  }

  updateTruck(truckId: number, changes: object, at: string, by: string) {
    return this.append(`truck-${truckId}`, 'TruckUpdated', { truckId, changes }, at, by);
  }

  removeTruck(truckId: number, at: string, by: string) {
    return this.append(`truck-${truckId}`, 'TruckRemoved', { truckId }, at, by);
  }

  postLoad(loadId: number, fields: Record<string, unknown>, at: string, by: string) {
    const load = loadCreateSchema.parse({ ...baseLoad, ...fields });
    return this.append(`load-${loadId}`, 'LoadPosted', { loadId, ...load }, at, by);
  }

  updateLoad(loadId: number, changes: object, at: string, by: string) {
    return this.append(`load-${loadId}`, 'LoadUpdated', { loadId, changes }, at, by);
  }

  removeLoad(loadId: number, at: string, by: string) {
    return this.append(`load-${loadId}`, 'LoadRemoved', { loadId }, at, by);
  }
}

type TruckFields = typeof baseTruck & {
  unitNumber: string | null;
  direction: string | null;
  status: boolean;
  companyName: string;
  notes: string;
};

export const baseTruck = {
  trailerType: 'FLATBED',
  truckName: 'Fixture',
  truckState: 'IL',
  truckCity: 'Chicago',
  availabilityDate: '2026-02-01',
  dispatcherName: 'Dana Dispatcher',
  dispatcherMobileNumber: '3125550100',
  dispatcherEmail: 'dana@example.com',
};

export const baseLoad = {
  trailerType: 'FLATBED',
  originState: 'IA',
  originCity: 'Des Moines',
  destinationState: 'IL',
  destinationCity: 'Chicago',
  product: 'HEAVY',
  rateForTitanUnit: 'TONS',
  rateForCarrierUnit: 'TONS',
  dispatcherName: 'Dana Dispatcher',
  dispatcherMobileNumber: '3125550100',
  dispatcherEmail: 'dana@example.com',
  availabilityDate: '2026-02-01',
};

/** The events appended after `from`. */
export async function eventsSince(app: TestApp, from: bigint): Promise<RecordedEvent[]> {
  return app.infrastructure.eventStore.readAll(from, 10_000);
}
