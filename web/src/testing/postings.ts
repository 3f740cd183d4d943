import { loadAnswerSchema, truckAnswerSchema } from '@dispatch/domain';
import type { z } from 'zod';

type TruckAnswer = z.output<typeof truckAnswerSchema>;
type LoadAnswer = z.output<typeof loadAnswerSchema>;

const posting = {
  dispatcherName: 'Dana Reyes',
  dispatcherCountryCode: '+1',
  dispatcherMobileNumber: '3125550142',
  dispatcherEmail: 'dana@acme.test',
  createdBy: 'user-1',
  updatedBy: 'user-1',
  createdAt: '2026-03-02T15:00:00.000Z',
  updatedAt: '2026-03-02T15:00:00.000Z',
  availabilityDate: '2026-03-04T00:00:00.000Z',
  notes: null,
  version: 1,
};

/** A truck as the API answers it, checked with the API's own answer schema. */
export function truckAnswer(
  fields: Partial<TruckAnswer> & Pick<TruckAnswer, 'id' | 'truckName'>,
): TruckAnswer {
  return truckAnswerSchema.parse({
    trailerType: 'FLATBED',
    companyName: 'Acme Freight',
    unitNumber: null,
    truckState: 'IL',
    truckCity: 'Chicago',
    preferedState: null,
    preferedCity: null,
    direction: null,
    status: true,
    onMap: true,
    ...posting,
    ...fields,
  });
}

/** A load as the API answers it, checked with the API's own answer schema. */
export function loadAnswer(fields: Partial<LoadAnswer> & Pick<LoadAnswer, 'id'>): LoadAnswer {
  return loadAnswerSchema.parse({
    trailerType: 'FLATBED',
    originState: 'IL',
    originCity: 'Chicago',
    destinationState: 'TX',
    destinationCity: 'Dallas',
    product: 'HEAVY',
    rateForTitan: 2.5,
    rateForTitanUnit: 'TONS',
    rateForCarrier: 2.1,
    rateForCarrierUnit: 'TONS',
    customerName: 'Prairie Grain',
    customerCountryCode: '+1',
    customerMobileNumber: null,
    customerEmail: null,
    originOnMap: true,
    destinationOnMap: true,
    ...posting,
    ...fields,
  });
}
