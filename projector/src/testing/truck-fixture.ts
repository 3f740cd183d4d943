import { truckCreateSchema } from '@dispatch/domain';

/** The data of a posted truck as the command side records it, named for the test that posts it. */
export const truckFixture = (truckName: string) =>
  truckCreateSchema.parse({
    trailerType: 'FLATBED',
    truckName,
    truckState: 'IA',
    truckCity: 'Des Moines',
    availabilityDate: '2026-11-21',
    dispatcherName: 'Dana',
    dispatcherMobileNumber: '3125550100',
    dispatcherEmail: 'dana@example.com',
  });
