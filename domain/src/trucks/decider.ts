import { type Decider, withView } from '../shared/decider.ts';
import { assertNever, illegalState, notFound } from '../shared/errors.ts';
import { changedFields } from '../shared/posting.ts';
import { AVAILABILITY_PASSED, type PostingExpiryReason, previousDay } from '../shared/posting-expiry.ts';
import type { TruckEvent } from './events.ts';
import type { Truck, TruckChanges, TruckInput } from './schemas.ts';
import { applyTruckEvent } from './view.ts';

export type TruckState =
  | { status: 'none' }
  | {
      status: 'posted';
      orgId: string;
      truck: TruckInput;
      /** When its age started: its posting, or its last refresh or re-post. */
      refreshedAt: string;
      /** Off the live board until it is re-posted (docs/rules.md#posting-age-and-expiry). */
      expired: boolean;
    }
  | { status: 'removed'; orgId: string };

export type TruckCommand =
  | { type: 'PostTruck'; data: { truckId: number; orgId: string; input: TruckInput } }
  | { type: 'UpdateTruck'; data: { truckId: number; orgId: string; changes: TruckChanges } }
  | { type: 'RemoveTruck'; data: { truckId: number; orgId: string } }
  /**
   * Re-posts the truck: a live one's age starts again, an expired one is back on the board. `today` is the
   * date in the organization's time zone: an expired truck whose availability window has passed is re-posted
   * only once its date is changed.
   */
  | { type: 'RefreshTruck'; data: { truckId: number; orgId: string; today: string } }
  /**
   * The sweep's: expires the truck as it saw it due (its last refresh and availability date). A truck refreshed,
   * re-dated, expired or removed since is left as it is, so a sweep run twice expires nothing twice.
   */
  | {
      type: 'ExpireTruck';
      data: {
        truckId: number;
        orgId: string;
        reason: PostingExpiryReason;
        seen: { refreshedAt: string; availabilityDate: string };
      };
    };

export const initialTruckState = (): TruckState => ({ status: 'none' });

/**
 * `orgId` and the event's instant are not in the events' data: they travel in their metadata and are
 * given here.
 */
export function evolveTruck(
  state: TruckState,
  event: TruckEvent,
  orgId: string,
  occurredAt = '',
): TruckState {
  switch (event.type) {
    case 'TruckPosted': {
      const { truckId: _id, ...truck } = event.data;
      return { status: 'posted', orgId, truck, refreshedAt: occurredAt, expired: false };
    }
    case 'TruckUpdated':
      return state.status === 'posted'
        ? { ...state, truck: { ...state.truck, ...event.data.changes } }
        : state;
    case 'TruckRemoved':
      return { status: 'removed', orgId };
    case 'TruckRefreshed':
    case 'TruckReposted':
      return state.status === 'posted' ? { ...state, refreshedAt: occurredAt, expired: false } : state;
    case 'TruckExpired':
      return state.status === 'posted' ? { ...state, expired: true } : state;
    default:
      return assertNever(event);
  }
}

function assertOwnTruck(state: TruckState, orgId: string, truckId: number) {
  // Another organization's truck is reported exactly like a missing one: its existence is not disclosed.
  if (state.status !== 'posted' || state.orgId !== orgId) throw notFound(`Truck ${truckId} not found`);
  return state;
}

export function decideTruck(command: TruckCommand, state: TruckState): TruckEvent[] {
  switch (command.type) {
    case 'PostTruck': {
      if (state.status !== 'none') throw illegalState(`Truck ${command.data.truckId} already exists`);
      return [{ type: 'TruckPosted', data: { truckId: command.data.truckId, ...command.data.input } }];
    }
    case 'UpdateTruck': {
      const current = assertOwnTruck(state, command.data.orgId, command.data.truckId);
      const changes = changedFields(current.truck, command.data.changes);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'TruckUpdated', data: { truckId: command.data.truckId, changes } }];
    }
    case 'RemoveTruck': {
      assertOwnTruck(state, command.data.orgId, command.data.truckId);
      return [{ type: 'TruckRemoved', data: { truckId: command.data.truckId } }];
    }
    case 'RefreshTruck': {
      const current = assertOwnTruck(state, command.data.orgId, command.data.truckId);
      if (!current.expired) return [{ type: 'TruckRefreshed', data: { truckId: command.data.truckId } }];
      // The day after the availability date is the last on the board: before it, a re-post would expire again.
      if (current.truck.availabilityDate.slice(0, 10) < previousDay(command.data.today))
        throw illegalState(AVAILABILITY_PASSED);
      return [{ type: 'TruckReposted', data: { truckId: command.data.truckId } }];
    }
    case 'ExpireTruck': {
      const { seen } = command.data;
      if (state.status !== 'posted' || state.orgId !== command.data.orgId || state.expired) return [];
      if (state.refreshedAt !== seen.refreshedAt || state.truck.availabilityDate !== seen.availabilityDate)
        return [];
      return [{ type: 'TruckExpired', data: { truckId: command.data.truckId, reason: command.data.reason } }];
    }
    default:
      return assertNever(command);
  }
}

export const truckDecider: Decider<TruckState, TruckCommand, TruckEvent> = {
  initialState: initialTruckState,
  evolve: (state, event) => evolveTruck(state, event, event.metadata.orgId, event.metadata.occurredAt),
  decide: decideTruck,
};

/** The truck decider whose state also holds the truck as the product shows it, for a command's answer. */
export const truckCommandDecider = withView<TruckState, TruckCommand, TruckEvent, Truck>(
  truckDecider,
  applyTruckEvent,
);
