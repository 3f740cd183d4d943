import { describe, expect, it } from 'vitest';
import {
  type DomainError,
  decideTruck,
  evolveTruck,
  initialTruckState,
  type TruckEvent,
  truckCreateSchema,
} from '../index.ts';

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

const given = (events: TruckEvent[], orgId = 'org-a') =>
  events.reduce((state, event) => evolveTruck(state, event, orgId), initialTruckState());

const posted: TruckEvent = { type: 'TruckPosted', data: { truckId: 7, ...input } };

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('truck decider', () => {
  it('posts a new truck', () => {
    expect(
      decideTruck({ type: 'PostTruck', data: { truckId: 7, orgId: 'org-a', input } }, given([])),
    ).toEqual([posted]);
  });

  it('refuses to post a truck id twice', () => {
    const error = refusal(() =>
      decideTruck({ type: 'PostTruck', data: { truckId: 7, orgId: 'org-a', input } }, given([posted])),
    );
    expect(error.kind).toBe('illegal_state');
  });

  it('records only the fields that really change', () => {
    const events = decideTruck(
      {
        type: 'UpdateTruck',
        data: { truckId: 7, orgId: 'org-a', changes: { truckName: 'Blue Pete', status: false } },
      },
      given([posted]),
    );
    expect(events).toEqual([{ type: 'TruckUpdated', data: { truckId: 7, changes: { status: false } } }]);
  });

  it('records nothing when an edit changes nothing', () => {
    const state = given([posted]);
    expect(
      decideTruck(
        { type: 'UpdateTruck', data: { truckId: 7, orgId: 'org-a', changes: { truckCity: 'Chicago' } } },
        state,
      ),
    ).toEqual([]);
  });

  it("reports another organization's truck as not found", () => {
    const error = refusal(() =>
      decideTruck({ type: 'RemoveTruck', data: { truckId: 7, orgId: 'org-b' } }, given([posted], 'org-a')),
    );
    expect(error.kind).toBe('not_found');
  });

  it('refuses to edit a removed truck', () => {
    const state = given([posted, { type: 'TruckRemoved', data: { truckId: 7 } }]);
    const error = refusal(() =>
      decideTruck(
        { type: 'UpdateTruck', data: { truckId: 7, orgId: 'org-a', changes: { status: false } } },
        state,
      ),
    );
    expect(error.kind).toBe('not_found');
  });
});
