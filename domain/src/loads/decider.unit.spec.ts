import { describe, expect, it } from 'vitest';
import {
  applyLoadEvent,
  type DomainError,
  decideLoad,
  evolveLoad,
  initialLoadState,
  type LoadEvent,
  loadCreateSchema,
} from '../index.ts';

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

const given = (events: LoadEvent[], orgId = 'org-a') =>
  events.reduce((state, event) => evolveLoad(state, event, orgId), initialLoadState());

const posted: LoadEvent = { type: 'LoadPosted', data: { loadId: 9, ...input } };
const removed: LoadEvent = { type: 'LoadRemoved', data: { loadId: 9 } };

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('load decider', () => {
  it('posts a new load', () => {
    expect(decideLoad({ type: 'PostLoad', data: { loadId: 9, orgId: 'org-a', input } }, given([]))).toEqual([
      posted,
    ]);
  });

  it('refuses to post a load id twice', () => {
    const error = refusal(() =>
      decideLoad({ type: 'PostLoad', data: { loadId: 9, orgId: 'org-a', input } }, given([posted])),
    );
    expect(error.kind).toBe('illegal_state');
  });

  it('records only the fields that really change', () => {
    const events = decideLoad(
      {
        type: 'UpdateLoad',
        data: { loadId: 9, orgId: 'org-a', changes: { originCity: 'Des Moines', rateForCarrier: null } },
      },
      given([posted]),
    );
    expect(events).toEqual([{ type: 'LoadUpdated', data: { loadId: 9, changes: { rateForCarrier: null } } }]);
  });

  it('records nothing when an edit changes nothing', () => {
    expect(
      decideLoad(
        { type: 'UpdateLoad', data: { loadId: 9, orgId: 'org-a', changes: { product: 'HEAVY' } } },
        given([posted]),
      ),
    ).toEqual([]);
  });

  it('folds an update into the next decision', () => {
    const state = given([
      posted,
      { type: 'LoadUpdated', data: { loadId: 9, changes: { product: 'LIGHT' } } },
    ]);
    expect(
      decideLoad(
        { type: 'UpdateLoad', data: { loadId: 9, orgId: 'org-a', changes: { product: 'LIGHT' } } },
        state,
      ),
    ).toEqual([]);
  });

  it('removes a load', () => {
    expect(decideLoad({ type: 'RemoveLoad', data: { loadId: 9, orgId: 'org-a' } }, given([posted]))).toEqual([
      removed,
    ]);
  });

  it("reports another organization's load as not found", () => {
    const error = refusal(() =>
      decideLoad(
        { type: 'UpdateLoad', data: { loadId: 9, orgId: 'org-b', changes: { product: 'LIGHT' } } },
        given([posted], 'org-a'),
      ),
    );
    expect(error.kind).toBe('not_found');
  });

  it('refuses to edit or remove a removed load', () => {
    const state = given([posted, removed]);
    expect(
      refusal(() =>
        decideLoad(
          { type: 'UpdateLoad', data: { loadId: 9, orgId: 'org-a', changes: { product: 'LIGHT' } } },
          state,
        ),
      ).kind,
    ).toBe('not_found');
    expect(
      refusal(() => decideLoad({ type: 'RemoveLoad', data: { loadId: 9, orgId: 'org-a' } }, state)).kind,
    ).toBe('not_found');
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
