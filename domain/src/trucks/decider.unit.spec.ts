import { describe, it } from 'vitest';
import { type TruckEvent, truckCreateSchema, truckDecider } from '../index.ts';
import { DeciderSpecification } from '../shared/decider-specification.ts';

const input = truckCreateSchema.parse({
  trailerType: 'FLATBED',
  truckName: 'Blue Pete',
  truckState: 'IL',
  truckCity: 'Chicago',
  availabilityDate: '2026-11-21',
  dispatcherName: 'Dana',
  dispatcherMobileNumber: '+13125550100',
  dispatcherEmail: 'dana@example.com',
});

const posted: TruckEvent = { type: 'TruckPosted', data: { truckId: 7, ...input } };

const spec = DeciderSpecification.for(truckDecider, { metadata: { orgId: 'org-a' } });

describe('truck decider', () => {
  it('posts a new truck', () => {
    spec
      .given([])
      .when({ type: 'PostTruck', data: { truckId: 7, orgId: 'org-a', input } })
      .then([posted]);
  });

  it('refuses to post a truck id twice', () => {
    spec
      .given([posted])
      .when({ type: 'PostTruck', data: { truckId: 7, orgId: 'org-a', input } })
      .thenThrows({ kind: 'illegal_state' });
  });

  it('records only the fields that really change', () => {
    spec
      .given([posted])
      .when({
        type: 'UpdateTruck',
        data: { truckId: 7, orgId: 'org-a', changes: { truckName: 'Blue Pete', status: false } },
      })
      .then([{ type: 'TruckUpdated', data: { truckId: 7, changes: { status: false } } }]);
  });

  it('records nothing when an edit changes nothing', () => {
    spec
      .given([posted])
      .when({ type: 'UpdateTruck', data: { truckId: 7, orgId: 'org-a', changes: { truckCity: 'Chicago' } } })
      .then([]);
  });

  it("reports another organization's truck as not found", () => {
    spec
      .given([{ ...posted, metadata: { orgId: 'org-a' } }])
      .when({ type: 'RemoveTruck', data: { truckId: 7, orgId: 'org-b' } })
      .thenThrows({ kind: 'not_found' });
  });

  it('refuses to edit a removed truck', () => {
    spec
      .given([posted, { type: 'TruckRemoved', data: { truckId: 7 } }])
      .when({ type: 'UpdateTruck', data: { truckId: 7, orgId: 'org-a', changes: { status: false } } })
      .thenThrows({ kind: 'not_found' });
  });
});
