import type { Decider } from '../shared/decider.ts';
import { assertNever } from '../shared/errors.ts';
import {
  decidePlace,
  evolvePlaces,
  initialPlacesState,
  type PlaceChange,
  type PlacesState,
} from '../shared/places.ts';

/**
 * The endpoints an organization may register at once: each is sent every event of the types it
 * chose, so the cap bounds what one organization's activity sends out of the building.
 */
export const WEBHOOKS_MAX = 20;
export const WEBHOOKS_MAX_MESSAGE = `An organization can have at most ${WEBHOOKS_MAX} webhook endpoints. Remove one to add another.`;

/** The places an organization's webhook endpoints hold (see `PlacesState`). */
export type WebhookPlaceEvent =
  | { type: 'WebhookEndpointsCounted'; data: { webhookIds: string[] } }
  | { type: 'WebhookPlaceTaken'; data: { webhookId: string } }
  | { type: 'WebhookPlaceFreed'; data: { webhookId: string } };

export const WEBHOOK_PLACES_SCHEMA_VERSION = 1;

export const webhookPlacesStream = (orgId: string) => `webhookPlaces-${orgId}`;

const changeOf = (event: WebhookPlaceEvent): PlaceChange => {
  switch (event.type) {
    case 'WebhookEndpointsCounted':
      return { kind: 'counted', ids: event.data.webhookIds };
    case 'WebhookPlaceTaken':
      return { kind: 'taken', id: event.data.webhookId };
    case 'WebhookPlaceFreed':
      return { kind: 'freed', id: event.data.webhookId };
    default:
      return assertNever(event);
  }
};

const eventOf = (change: PlaceChange): WebhookPlaceEvent =>
  change.kind === 'counted'
    ? { type: 'WebhookEndpointsCounted', data: { webhookIds: change.ids } }
    : change.kind === 'taken'
      ? { type: 'WebhookPlaceTaken', data: { webhookId: change.id } }
      : { type: 'WebhookPlaceFreed', data: { webhookId: change.id } };

export type WebhookPlaceCommand =
  /** `counted`: the organization's endpoints in the read model, while the stream has not counted them. */
  | { type: 'TakeWebhookPlace'; data: { webhookId: string; counted: string[] | null } }
  /** Freeing is the same in any order: a removed (or never registered) endpoint gives its place back. */
  | { type: 'FreeWebhookPlace'; data: { webhookId: string } };

export const webhookPlacesDecider: Decider<PlacesState, WebhookPlaceCommand, WebhookPlaceEvent> = {
  initialState: initialPlacesState,
  evolve: (state, event) => evolvePlaces(state, changeOf(event)),
  decide: (command, state) => {
    switch (command.type) {
      case 'TakeWebhookPlace':
        return decidePlace(state, command.data.webhookId, command.data.counted, {
          max: WEBHOOKS_MAX,
          message: WEBHOOKS_MAX_MESSAGE,
        }).map(eventOf);
      case 'FreeWebhookPlace':
        return [{ type: 'WebhookPlaceFreed', data: { webhookId: command.data.webhookId } }];
      default:
        return assertNever(command);
    }
  },
};
