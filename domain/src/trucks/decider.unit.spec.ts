import { describe, expect, it } from 'vitest';
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

  const at = (occurredAt: string) => ({ metadata: { occurredAt } });
  const postedAt = { ...posted, ...at('2026-11-19T10:00:00.000Z') };
  const seen = { refreshedAt: '2026-11-19T10:00:00.000Z', availabilityDate: input.availabilityDate };
  const expire = {
    type: 'ExpireTruck' as const,
    data: { truckId: 7, orgId: 'org-a', reason: 'age' as const, seen },
  };
  const expired: TruckEvent = { type: 'TruckExpired', data: { truckId: 7, reason: 'age' } };
  const refresh = {
    type: 'RefreshTruck' as const,
    data: { truckId: 7, orgId: 'org-a', today: '2026-11-21' },
  };

  it('refreshes a live truck: its age starts again', () => {
    spec
      .given([postedAt])
      .when(refresh)
      .then([{ type: 'TruckRefreshed', data: { truckId: 7 } }]);
    const state = spec
      .given([postedAt, { type: 'TruckRefreshed', data: { truckId: 7 }, ...at('2026-11-20T08:00:00.000Z') }])
      .state();
    expect(state).toMatchObject({ refreshedAt: '2026-11-20T08:00:00.000Z', expired: false });
  });

  it('expires a truck as the sweep saw it due', () => {
    spec.given([postedAt]).when(expire).then([expired]);
  });

  it('expires nothing twice, nor a truck refreshed, re-dated or removed since it was seen due', () => {
    spec.given([postedAt, expired]).when(expire).then([]);
    spec
      .given([postedAt, { type: 'TruckRefreshed', data: { truckId: 7 }, ...at('2026-11-20T08:00:00.000Z') }])
      .when(expire)
      .then([]);
    spec
      .given([
        postedAt,
        { type: 'TruckUpdated', data: { truckId: 7, changes: { availabilityDate: '2026-11-25' } } },
      ])
      .when(expire)
      .then([]);
    spec
      .given([postedAt, { type: 'TruckRemoved', data: { truckId: 7 } }])
      .when(expire)
      .then([]);
    spec.given([]).when(expire).then([]);
    spec
      .given([postedAt])
      .when({ ...expire, data: { ...expire.data, orgId: 'org-b' } })
      .then([]);
  });

  it('re-posts an expired truck on refresh, back on the board', () => {
    spec
      .given([postedAt, expired])
      .when(refresh)
      .then([{ type: 'TruckReposted', data: { truckId: 7 } }]);
    const state = spec
      .given([
        postedAt,
        expired,
        { type: 'TruckReposted', data: { truckId: 7 }, ...at('2026-11-21T09:00:00.000Z') },
      ])
      .state();
    expect(state).toMatchObject({ expired: false, refreshedAt: '2026-11-21T09:00:00.000Z' });
  });

  it('refuses to re-post a truck whose availability window has passed', () => {
    spec
      .given([postedAt, expired])
      .when({ ...refresh, data: { ...refresh.data, today: '2026-11-23' } })
      .thenThrows({
        kind: 'illegal_state',
        message: 'The availability date has passed: change it to re-post',
      });
  });

  it("refreshes no other organization's truck", () => {
    spec
      .given([postedAt])
      .when({ ...refresh, data: { ...refresh.data, orgId: 'org-b' } })
      .thenThrows({ kind: 'not_found' });
  });

  it('refuses to edit a removed truck', () => {
    spec
      .given([posted, { type: 'TruckRemoved', data: { truckId: 7 } }])
      .when({ type: 'UpdateTruck', data: { truckId: 7, orgId: 'org-a', changes: { status: false } } })
      .thenThrows({ kind: 'not_found' });
  });
});
