import { type Decider, withView } from '../shared/decider.ts';
import { assertNever, illegalState, notFound } from '../shared/errors.ts';
import { changedFields } from '../shared/posting.ts';
import { AVAILABILITY_PASSED, type PostingExpiryReason, previousDay } from '../shared/posting-expiry.ts';
import type { LoadEvent } from './events.ts';
import type { Load, LoadChanges, LoadInput } from './schemas.ts';
import { applyLoadEvent } from './view.ts';

export type LoadState =
  | { status: 'none' }
  | {
      status: 'posted';
      orgId: string;
      load: LoadInput;
      /** When its age started: its posting, or its last refresh or re-post. */
      refreshedAt: string;
      /** Off the live board until it is re-posted (docs/rules.md#posting-age-and-expiry). */
      expired: boolean;
    }
  | { status: 'removed'; orgId: string };

export type LoadCommand =
  | { type: 'PostLoad'; data: { loadId: number; orgId: string; input: LoadInput } }
  | { type: 'UpdateLoad'; data: { loadId: number; orgId: string; changes: LoadChanges } }
  | { type: 'RemoveLoad'; data: { loadId: number; orgId: string } }
  /**
   * Re-posts the load: a live one's age starts again, an expired one is back on the board. `today` is the
   * date in the organization's time zone: an expired load whose availability window has passed is re-posted
   * only once its date is changed.
   */
  | { type: 'RefreshLoad'; data: { loadId: number; orgId: string; today: string } }
  /**
   * The sweep's: expires the load as it saw it due (its last refresh and availability date). A load refreshed,
   * re-dated, expired or removed since is left as it is, so a sweep run twice expires nothing twice.
   */
  | {
      type: 'ExpireLoad';
      data: {
        loadId: number;
        orgId: string;
        reason: PostingExpiryReason;
        seen: { refreshedAt: string; availabilityDate: string };
      };
    };

export const initialLoadState = (): LoadState => ({ status: 'none' });

/**
 * `orgId` and the event's instant are not in the events' data: they travel in their metadata and are
 * given here.
 */
export function evolveLoad(state: LoadState, event: LoadEvent, orgId: string, occurredAt = ''): LoadState {
  switch (event.type) {
    case 'LoadPosted': {
      const { loadId: _id, ...load } = event.data;
      return { status: 'posted', orgId, load, refreshedAt: occurredAt, expired: false };
    }
    case 'LoadUpdated':
      return state.status === 'posted' ? { ...state, load: { ...state.load, ...event.data.changes } } : state;
    case 'LoadRemoved':
      return { status: 'removed', orgId };
    case 'LoadRefreshed':
    case 'LoadReposted':
      return state.status === 'posted' ? { ...state, refreshedAt: occurredAt, expired: false } : state;
    case 'LoadExpired':
      return state.status === 'posted' ? { ...state, expired: true } : state;
    default:
      return assertNever(event);
  }
}

function assertOwnLoad(state: LoadState, orgId: string, loadId: number) {
  // Another organization's load is reported exactly like a missing one: its existence is not disclosed.
  if (state.status !== 'posted' || state.orgId !== orgId) throw notFound(`Load ${loadId} not found`);
  return state;
}

export function decideLoad(command: LoadCommand, state: LoadState): LoadEvent[] {
  switch (command.type) {
    case 'PostLoad': {
      if (state.status !== 'none') throw illegalState(`Load ${command.data.loadId} already exists`);
      return [{ type: 'LoadPosted', data: { loadId: command.data.loadId, ...command.data.input } }];
    }
    case 'UpdateLoad': {
      const current = assertOwnLoad(state, command.data.orgId, command.data.loadId);
      const changes = changedFields(current.load, command.data.changes);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'LoadUpdated', data: { loadId: command.data.loadId, changes } }];
    }
    case 'RemoveLoad': {
      assertOwnLoad(state, command.data.orgId, command.data.loadId);
      return [{ type: 'LoadRemoved', data: { loadId: command.data.loadId } }];
    }
    case 'RefreshLoad': {
      const current = assertOwnLoad(state, command.data.orgId, command.data.loadId);
      if (!current.expired) return [{ type: 'LoadRefreshed', data: { loadId: command.data.loadId } }];
      // The day after the availability date is the last on the board: before it, a re-post would expire again.
      if (current.load.availabilityDate.slice(0, 10) < previousDay(command.data.today))
        throw illegalState(AVAILABILITY_PASSED);
      return [{ type: 'LoadReposted', data: { loadId: command.data.loadId } }];
    }
    case 'ExpireLoad': {
      const { seen } = command.data;
      if (state.status !== 'posted' || state.orgId !== command.data.orgId || state.expired) return [];
      if (state.refreshedAt !== seen.refreshedAt || state.load.availabilityDate !== seen.availabilityDate)
        return [];
      return [{ type: 'LoadExpired', data: { loadId: command.data.loadId, reason: command.data.reason } }];
    }
    default:
      return assertNever(command);
  }
}

export const loadDecider: Decider<LoadState, LoadCommand, LoadEvent> = {
  initialState: initialLoadState,
  evolve: (state, event) => evolveLoad(state, event, event.metadata.orgId, event.metadata.occurredAt),
  decide: decideLoad,
};

/** The load decider whose state also holds the load as the product shows it, for a command's answer. */
export const loadCommandDecider = withView<LoadState, LoadCommand, LoadEvent, Load>(
  loadDecider,
  applyLoadEvent,
);
