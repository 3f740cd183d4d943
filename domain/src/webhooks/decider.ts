import type { FeedEventType } from '../integrations/public-events.ts';
import type { Decider } from '../shared/decider.ts';
import { assertNever, illegalState, notFound } from '../shared/errors.ts';
import type { WebhookCreator, WebhookEvent } from './events.ts';
import {
  WEBHOOK_PREVIOUS_SECRET_MS,
  type WebhookChanges,
  type WebhookInput,
  webhookMessages,
} from './schemas.ts';

export interface WebhookEndpoint {
  orgId: string;
  url: string;
  description: string | null;
  eventTypes: FeedEventType[];
  enabled: boolean;
  disabledReason: string | null;
  secret: string;
  /** The rotated-out secret, signing beside the new one until it expires. */
  previousSecret: { secret: string; expiresAt: string } | null;
  createdBy: WebhookCreator;
  createdAt: string;
  secretRotatedAt: string | null;
  /** The feed's sequence deliveries start after. */
  after: string;
  /** When deliveries last started (registration or enabling): a dead endpoint is judged from here. */
  enabledAt: string;
}

/** A replay, redelivery or test asked for, with the revision of the event that asked. */
export type WebhookRequest =
  | { kind: 'replay'; revision: bigint; after: string }
  | { kind: 'redelivery'; revision: bigint; eventId: string }
  | { kind: 'test'; revision: bigint; testId: string; at: string };

export type WebhookState =
  | { status: 'none' }
  | { status: 'active'; endpoint: WebhookEndpoint; requests: WebhookRequest[] }
  | { status: 'removed'; orgId: string };

export type WebhookCommand =
  | {
      type: 'RegisterWebhook';
      data: {
        webhookId: string;
        orgId: string;
        input: WebhookInput;
        secret: string;
        createdBy: WebhookCreator;
        after: string;
      };
    }
  | {
      type: 'ChangeWebhook';
      data: { webhookId: string; orgId: string; changes: WebhookChanges; enabled?: boolean };
    }
  | { type: 'RotateWebhookSecret'; data: { webhookId: string; orgId: string; secret: string; now: Date } }
  | { type: 'DisableWebhook'; data: { webhookId: string; orgId: string; reason: string } }
  | { type: 'EnableWebhook'; data: { webhookId: string; orgId: string } }
  | { type: 'RemoveWebhook'; data: { webhookId: string; orgId: string } }
  | { type: 'RequestWebhookReplay'; data: { webhookId: string; orgId: string; after: string } }
  | { type: 'RequestWebhookRedelivery'; data: { webhookId: string; orgId: string; eventId: string } }
  | { type: 'RequestWebhookTest'; data: { webhookId: string; orgId: string; testId: string } };

/** Why an endpoint an owner or admin turned off is disabled. */
export const WEBHOOK_DISABLED_BY_USER = 'Disabled by an owner or admin';

/** The requests a deliverer keeps in the state: the newest ones are enough to resume. */
const REQUESTS_KEPT = 100;

export const initialWebhookState = (): WebhookState => ({ status: 'none' });

export function evolveWebhook(
  state: WebhookState,
  event: WebhookEvent,
  facts: { orgId: string; occurredAt: string; revision: bigint },
): WebhookState {
  if (event.type === 'WebhookEndpointRegistered') {
    const { webhookId: _id, ...data } = event.data;
    return {
      status: 'active',
      endpoint: {
        orgId: facts.orgId,
        ...data,
        enabled: true,
        disabledReason: null,
        previousSecret: null,
        createdAt: facts.occurredAt,
        secretRotatedAt: null,
        enabledAt: facts.occurredAt,
      },
      requests: [],
    };
  }
  if (state.status !== 'active') return state;
  const { endpoint } = state;
  const request = (next: WebhookRequest): WebhookState => ({
    ...state,
    requests: [...state.requests, next].slice(-REQUESTS_KEPT),
  });
  switch (event.type) {
    case 'WebhookEndpointChanged':
      return { ...state, endpoint: { ...endpoint, ...event.data.changes } };
    case 'WebhookSecretRotated':
      return {
        ...state,
        endpoint: {
          ...endpoint,
          secret: event.data.secret,
          previousSecret: { secret: event.data.previousSecret, expiresAt: event.data.previousExpiresAt },
          secretRotatedAt: facts.occurredAt,
        },
      };
    case 'WebhookEndpointDisabled':
      return { ...state, endpoint: { ...endpoint, enabled: false, disabledReason: event.data.reason } };
    case 'WebhookEndpointEnabled':
      return {
        ...state,
        endpoint: { ...endpoint, enabled: true, disabledReason: null, enabledAt: facts.occurredAt },
      };
    case 'WebhookEndpointRemoved':
      return { status: 'removed', orgId: endpoint.orgId };
    case 'WebhookReplayRequested':
      return request({ kind: 'replay', revision: facts.revision, after: event.data.after });
    case 'WebhookRedeliveryRequested':
      return request({ kind: 'redelivery', revision: facts.revision, eventId: event.data.eventId });
    case 'WebhookTestRequested':
      return request({
        kind: 'test',
        revision: facts.revision,
        testId: event.data.testId,
        at: facts.occurredAt,
      });
    default:
      return assertNever(event);
  }
}

/** Another organization's endpoint is answered exactly like a missing one: its existence is not disclosed. */
function ownEndpoint(state: WebhookState, orgId: string) {
  if (state.status !== 'active' || state.endpoint.orgId !== orgId) throw notFound(webhookMessages.notFound);
  return state.endpoint;
}

function enabledEndpoint(state: WebhookState, orgId: string) {
  const endpoint = ownEndpoint(state, orgId);
  if (!endpoint.enabled) throw illegalState(webhookMessages.disabled);
  return endpoint;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

export function decideWebhook(command: WebhookCommand, state: WebhookState): WebhookEvent[] {
  const { webhookId, orgId } = command.data;
  switch (command.type) {
    case 'RegisterWebhook': {
      if (state.status !== 'none') throw illegalState(`Webhook ${webhookId} already exists`);
      const { input, secret, createdBy, after } = command.data;
      return [
        {
          type: 'WebhookEndpointRegistered',
          data: {
            webhookId,
            url: input.url,
            description: input.description,
            eventTypes: input.eventTypes,
            secret,
            createdBy,
            after,
          },
        },
      ];
    }
    case 'ChangeWebhook': {
      const endpoint = ownEndpoint(state, orgId);
      const { url, description, eventTypes } = command.data.changes;
      const changes: WebhookEvent & { type: 'WebhookEndpointChanged' } = {
        type: 'WebhookEndpointChanged',
        data: { webhookId, changes: {} },
      };
      if (url !== undefined && url !== endpoint.url) changes.data.changes.url = url;
      if (description !== undefined && description !== endpoint.description)
        changes.data.changes.description = description;
      if (eventTypes !== undefined && !sameList(eventTypes, endpoint.eventTypes))
        changes.data.changes.eventTypes = eventTypes;
      const events: WebhookEvent[] = Object.keys(changes.data.changes).length === 0 ? [] : [changes];
      const { enabled } = command.data;
      if (enabled === false && endpoint.enabled)
        events.push({
          type: 'WebhookEndpointDisabled',
          data: { webhookId, reason: WEBHOOK_DISABLED_BY_USER },
        });
      if (enabled === true && !endpoint.enabled)
        events.push({ type: 'WebhookEndpointEnabled', data: { webhookId } });
      return events;
    }
    case 'RotateWebhookSecret': {
      const endpoint = ownEndpoint(state, orgId);
      const previousExpiresAt = new Date(
        command.data.now.getTime() + WEBHOOK_PREVIOUS_SECRET_MS,
      ).toISOString();
      return [
        {
          type: 'WebhookSecretRotated',
          data: {
            webhookId,
            secret: command.data.secret,
            previousSecret: endpoint.secret,
            previousExpiresAt,
          },
        },
      ];
    }
    case 'DisableWebhook': {
      const endpoint = ownEndpoint(state, orgId);
      if (!endpoint.enabled) return [];
      return [{ type: 'WebhookEndpointDisabled', data: { webhookId, reason: command.data.reason } }];
    }
    case 'EnableWebhook': {
      const endpoint = ownEndpoint(state, orgId);
      if (endpoint.enabled) return [];
      return [{ type: 'WebhookEndpointEnabled', data: { webhookId } }];
    }
    case 'RemoveWebhook': {
      ownEndpoint(state, orgId);
      return [{ type: 'WebhookEndpointRemoved', data: { webhookId } }];
    }
    case 'RequestWebhookReplay': {
      enabledEndpoint(state, orgId);
      return [{ type: 'WebhookReplayRequested', data: { webhookId, after: command.data.after } }];
    }
    case 'RequestWebhookRedelivery': {
      enabledEndpoint(state, orgId);
      return [{ type: 'WebhookRedeliveryRequested', data: { webhookId, eventId: command.data.eventId } }];
    }
    case 'RequestWebhookTest': {
      enabledEndpoint(state, orgId);
      return [{ type: 'WebhookTestRequested', data: { webhookId, testId: command.data.testId } }];
    }
    default:
      return assertNever(command);
  }
}

export const webhookDecider: Decider<WebhookState, WebhookCommand, WebhookEvent> = {
  initialState: initialWebhookState,
  evolve: (state, event) =>
    evolveWebhook(state, event, {
      orgId: event.metadata.orgId,
      occurredAt: event.metadata.occurredAt,
      revision: event.revision,
    }),
  decide: decideWebhook,
};

/** The secrets a delivery at `now` is signed with: the current one, and a rotated-out one still in its day. */
export function signingSecrets(endpoint: WebhookEndpoint, now: Date): string[] {
  const previous = endpoint.previousSecret;
  return previous && Date.parse(previous.expiresAt) > now.getTime()
    ? [endpoint.secret, previous.secret]
    : [endpoint.secret];
}
