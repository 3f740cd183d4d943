import { type Decider, withView } from '../shared/decider.ts';
import { assertNever, illegalState, notFound } from '../shared/errors.ts';
import type { MailSkipReason, SavedSearchEvent } from './events.ts';
import {
  SAVED_SEARCH_NOT_FOUND,
  type SavedSearchAlert,
  type SavedSearchCreateInput,
  type SavedSearchQuery,
} from './schemas.ts';
import { applySavedSearchEvent, type SavedSearch } from './view.ts';

export type SavedSearchFacts = {
  orgId: string;
  ownerId: string;
  name: string;
  alert: SavedSearchAlert;
} & SavedSearchQuery;

export type SavedSearchState =
  | { status: 'none' }
  | (SavedSearchFacts & {
      status: 'saved' | 'deleted';
      /**
       * Notifications whose e-mail was recorded (mailed, skipped or failed). The fold owns its state:
       * the set grows in place rather than being copied for each of possibly thousands of events.
       */
      mailHandled: Set<string>;
    });

export type SavedSearchCommand =
  | {
      type: 'CreateSavedSearch';
      data: { savedSearchId: string; orgId: string; ownerId: string; input: SavedSearchCreateInput };
    }
  | {
      type: 'ChangeSavedSearch';
      data: {
        savedSearchId: string;
        orgId: string;
        userId: string;
        name?: string;
        alert?: Partial<SavedSearchAlert>;
      };
    }
  | { type: 'DeleteSavedSearch'; data: { savedSearchId: string; orgId: string; userId: string } }
  /**
   * The product's own pass over a notification whose e-mail is due: records that it goes (the caller
   * then sends it), or why it does not. Nothing when it was already recorded.
   */
  | {
      type: 'RecordNotificationMail';
      /** `overQuota`: a sending quota holds the mail back. */
      data: { savedSearchId: string; notificationId: string; ownerIsMember: boolean; overQuota?: boolean };
    }
  | {
      type: 'RecordNotificationMailFailure';
      data: { savedSearchId: string; notificationId: string; error: string };
    };

export const initialSavedSearchState = (): SavedSearchState => ({ status: 'none' });

/** `orgId` is not in the events' data: it travels in their metadata and is given here. */
export function evolveSavedSearch(
  state: SavedSearchState,
  event: SavedSearchEvent,
  orgId: string,
): SavedSearchState {
  if (event.type === 'SavedSearchCreated') {
    const { savedSearchId: _id, ...facts } = event.data;
    return { ...facts, orgId, status: 'saved', mailHandled: new Set() } as SavedSearchState;
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'SavedSearchRenamed':
      return { ...state, name: event.data.name };
    case 'SavedSearchAlertsChanged':
      return { ...state, alert: event.data.alert };
    case 'SavedSearchDeleted':
      return { ...state, status: 'deleted' };
    case 'NotificationMailed':
    case 'NotificationMailSkipped':
    case 'NotificationMailFailed':
      state.mailHandled.add(event.data.notificationId);
      return state;
    default:
      return assertNever(event);
  }
}

/**
 * The owner's search in the owner's organization; anything else (another user's, another
 * organization's, a deleted one) is reported exactly like a missing one.
 */
function assertOwn(state: SavedSearchState, orgId: string, userId: string) {
  if (state.status !== 'saved' || state.orgId !== orgId || state.ownerId !== userId)
    throw notFound(SAVED_SEARCH_NOT_FOUND);
  return state;
}

const sameAlert = (a: SavedSearchAlert, b: SavedSearchAlert) => a.inApp === b.inApp && a.email === b.email;

export function decideSavedSearch(command: SavedSearchCommand, state: SavedSearchState): SavedSearchEvent[] {
  switch (command.type) {
    case 'CreateSavedSearch': {
      if (state.status !== 'none')
        throw illegalState(`Saved search ${command.data.savedSearchId} already exists`);
      const { savedSearchId, ownerId, input } = command.data;
      return [{ type: 'SavedSearchCreated', data: { savedSearchId, ownerId, ...input } }];
    }
    case 'ChangeSavedSearch': {
      const { savedSearchId, orgId, userId, name, alert } = command.data;
      const current = assertOwn(state, orgId, userId);
      const events: SavedSearchEvent[] = [];
      if (name !== undefined && name !== current.name)
        events.push({ type: 'SavedSearchRenamed', data: { savedSearchId, name } });
      if (alert !== undefined) {
        const next = { ...current.alert, ...alert };
        if (!sameAlert(next, current.alert))
          events.push({ type: 'SavedSearchAlertsChanged', data: { savedSearchId, alert: next } });
      }
      return events;
    }
    case 'DeleteSavedSearch': {
      const { savedSearchId, orgId, userId } = command.data;
      assertOwn(state, orgId, userId);
      return [{ type: 'SavedSearchDeleted', data: { savedSearchId } }];
    }
    case 'RecordNotificationMail': {
      const { savedSearchId, notificationId, ownerIsMember, overQuota } = command.data;
      if (state.status === 'none') throw notFound(SAVED_SEARCH_NOT_FOUND);
      if (state.mailHandled.has(notificationId)) return [];
      const reason: MailSkipReason | null =
        state.status === 'deleted'
          ? 'search_deleted'
          : !state.alert.email
            ? 'email_off'
            : !ownerIsMember
              ? 'not_a_member'
              : overQuota
                ? 'over_quota'
                : null;
      return reason
        ? [{ type: 'NotificationMailSkipped', data: { savedSearchId, notificationId, reason } }]
        : [{ type: 'NotificationMailed', data: { savedSearchId, notificationId } }];
    }
    case 'RecordNotificationMailFailure': {
      const { savedSearchId, notificationId, error } = command.data;
      if (state.status === 'none') throw notFound(SAVED_SEARCH_NOT_FOUND);
      return [{ type: 'NotificationMailFailed', data: { savedSearchId, notificationId, error } }];
    }
    default:
      return assertNever(command);
  }
}

export const savedSearchDecider: Decider<SavedSearchState, SavedSearchCommand, SavedSearchEvent> = {
  initialState: initialSavedSearchState,
  evolve: (state, event) => evolveSavedSearch(state, event, event.metadata.orgId),
  decide: decideSavedSearch,
};

/** The saved search decider whose state also holds the search as its owner sees it, for a command's answer. */
export const savedSearchCommandDecider = withView<
  SavedSearchState,
  SavedSearchCommand,
  SavedSearchEvent,
  SavedSearch
>(savedSearchDecider, applySavedSearchEvent);
