import { truckCreateSchema } from '@dispatch/domain';

/**
 * The data of a posted truck as the command side records it, named for the test that posts it: a
 * flatbed in Des Moines unless `fields` say otherwise.
 */
export const truckFixture = (truckName: string, fields: Record<string, unknown> = {}) =>
  truckCreateSchema.parse({
    trailerType: 'FLATBED',
    truckName,
    truckState: 'IA',
    truckCity: 'Des Moines',
    availabilityDate: '2026-11-21',
    dispatcherName: 'Dana',
    dispatcherMobileNumber: '3125550100',
    dispatcherEmail: 'dana@example.com',
    ...fields,
  });
