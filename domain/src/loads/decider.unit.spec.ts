import { describe, expect, it } from 'vitest';
import { applyLoadEvent, type LoadEvent, loadCreateSchema, loadDecider } from '../index.ts';
import { DeciderSpecification } from '../shared/decider-specification.ts';

const input = loadCreateSchema.parse({
  trailerType: 'HIGH_SIDED_HOPPER',
  originState: 'IA',
  originCity: 'Des Moines',
  destinationState: 'IL',
  destinationCity: 'Chicago',
  product: 'HEAVY',
  rateForTitan: 3.25,
  rateForTitanUnit: 'TONS',
  rateForCarrier: 2.9,
  rateForCarrierUnit: 'TONS',
  dispatcherName: 'Dana',
  dispatcherMobileNumber: '+13125550100',
  dispatcherEmail: 'dana@example.com',
  availabilityDate: '2026-11-21',
});

const posted: LoadEvent = { type: 'LoadPosted', data: { loadId: 9, ...input } };
const removed: LoadEvent = { type: 'LoadRemoved', data: { loadId: 9 } };

const spec = DeciderSpecification.for(loadDecider, { metadata: { orgId: 'org-a' } });

describe('load decider', () => {
  const at = (occurredAt: string) => ({ metadata: { occurredAt } });
  const postedAt = { ...posted, ...at('2026-11-19T10:00:00.000Z') };
  const seen = { refreshedAt: '2026-11-19T10:00:00.000Z', availabilityDate: input.availabilityDate };
  const expire = {
    type: 'ExpireLoad' as const,
    data: { loadId: 9, orgId: 'org-a', reason: 'availability' as const, seen },
  };
  const expired: LoadEvent = { type: 'LoadExpired', data: { loadId: 9, reason: 'availability' } };
  const refresh = { type: 'RefreshLoad' as const, data: { loadId: 9, orgId: 'org-a', today: '2026-11-22' } };

  it('refreshes a live load, and re-posts an expired one', () => {
    spec
      .given([postedAt])
      .when(refresh)
      .then([{ type: 'LoadRefreshed', data: { loadId: 9 } }]);
    spec
      .given([postedAt, expired])
      .when(refresh)
      .then([{ type: 'LoadReposted', data: { loadId: 9 } }]);
    spec
      .given([postedAt, expired])
      .when({ ...refresh, data: { ...refresh.data, today: '2026-11-23' } })
      .thenThrows({ kind: 'illegal_state' });
  });

  it('expires a load once, and not one refreshed, re-dated or removed since it was seen due', () => {
    spec.given([postedAt]).when(expire).then([expired]);
    spec.given([postedAt, expired]).when(expire).then([]);
    spec
      .given([postedAt, { type: 'LoadRefreshed', data: { loadId: 9 }, ...at('2026-11-20T08:00:00.000Z') }])
      .when(expire)
      .then([]);
    spec
      .given([
        postedAt,
        { type: 'LoadUpdated', data: { loadId: 9, changes: { availabilityDate: '2026-11-24' } } },
      ])
      .when(expire)
      .then([]);
    spec.given([postedAt, removed]).when(expire).then([]);
  });

  it('posts a new load', () => {
    spec
      .given([])
      .when({ type: 'PostLoad', data: { loadId: 9, orgId: 'org-a', input } })
      .then([posted]);
  });

  it('refuses to post a load id twice', () => {
    spec
      .given([posted])
      .when({ type: 'PostLoad', data: { loadId: 9, orgId: 'org-a', input } })
      .thenThrows({ kind: 'illegal_state' });
  });

  it('records only the fields that really change', () => {
    spec
      .given([posted])
      .when({
        type: 'UpdateLoad',
        data: { loadId: 9, orgId: 'org-a', changes: { originCity: 'Des Moines', rateForCarrier: null } },
      })
      .then([{ type: 'LoadUpdated', data: { loadId: 9, changes: { rateForCarrier: null } } }]);
  });

  it('records nothing when an edit changes nothing', () => {
    spec
      .given([posted])
      .when({ type: 'UpdateLoad', data: { loadId: 9, orgId: 'org-a', changes: { product: 'HEAVY' } } })
      .then([]);
  });

  it('folds an update into the next decision', () => {
    spec
      .given([posted, { type: 'LoadUpdated', data: { loadId: 9, changes: { product: 'LIGHT' } } }])
      .when({ type: 'UpdateLoad', data: { loadId: 9, orgId: 'org-a', changes: { product: 'LIGHT' } } })
      .then([]);
  });

  it('removes a load', () => {
    spec
      .given([posted])
      .when({ type: 'RemoveLoad', data: { loadId: 9, orgId: 'org-a' } })
      .then([removed]);
  });

  it("reports another organization's load as not found", () => {
    spec
      .given([{ ...posted, metadata: { orgId: 'org-a' } }])
      .when({ type: 'UpdateLoad', data: { loadId: 9, orgId: 'org-b', changes: { product: 'LIGHT' } } })
      .thenThrows({ kind: 'not_found' });
  });

  it('refuses to edit or remove a removed load', () => {
    spec
      .given([posted, removed])
      .when({ type: 'UpdateLoad', data: { loadId: 9, orgId: 'org-a', changes: { product: 'LIGHT' } } })
      .thenThrows({ kind: 'not_found' });
    spec
      .given([posted, removed])
      .when({ type: 'RemoveLoad', data: { loadId: 9, orgId: 'org-a' } })
      .thenThrows({ kind: 'not_found' });
  });
});

describe('load view', () => {
  const envelope = (revision: bigint, actorId: string, occurredAt: string) => ({
    revision,
    metadata: { actorId, occurredAt },
  });

  it('shows who posted and who changed the load last, at which version', () => {
    const first = applyLoadEvent(null, { ...posted, ...envelope(0n, 'user-1', '2026-11-20T10:00:00.000Z') });
    expect(first).toMatchObject({
      id: 9,
      originCity: 'Des Moines',
      rateForTitan: 3.25,
      createdBy: 'user-1',
      updatedBy: 'user-1',
      createdAt: '2026-11-20T10:00:00.000Z',
      version: 0,
    });
    const edited = applyLoadEvent(first, {
      type: 'LoadUpdated',
      data: { loadId: 9, changes: { rateForTitan: 4 } },
      ...envelope(1n, 'user-2', '2026-11-20T11:00:00.000Z'),
    });
    expect(edited).toMatchObject({
      rateForTitan: 4,
      createdBy: 'user-1',
      updatedBy: 'user-2',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T11:00:00.000Z',
      version: 1,
    });
    expect(
      applyLoadEvent(edited, { ...removed, ...envelope(2n, 'user-2', '2026-11-20T12:00:00.000Z') }),
    ).toBeNull();
  });
});
