import { WEBHOOKS_MAX, type WebhookPlaceCommand, type WebhookPlaceEvent } from '@dispatch/domain';
import { collections } from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import { webhookPlaces } from '../aggregates.ts';
import type { CommandContext } from '../command-handler.ts';
import { freePlace, type Places, takePlace } from '../places.ts';

type Organization = { orgId: string };

/** An organization's webhook endpoints, capped at WEBHOOKS_MAX. */
const places: Places<Organization, WebhookPlaceCommand, WebhookPlaceEvent> = {
  aggregate: webhookPlaces,
  take: (webhookId, counted) => ({ type: 'TakeWebhookPlace', data: { webhookId, counted } }),
  free: (webhookId) => ({ type: 'FreeWebhookPlace', data: { webhookId } }),
  kept: (organization) => ({
    collection: collections.webhooks,
    filter: { orgId: { eq: organization.orgId } },
  }),
  attempts: WEBHOOKS_MAX + 10,
  busyMessage: 'Too many webhook endpoints are being added at once. Try again.',
};

/** Takes a place for a new endpoint of the organization, or refuses it at the cap. */
export const takeWebhookPlace = (
  store: EventStore,
  documents: DocumentStore,
  orgId: string,
  webhookId: string,
  context: CommandContext,
) => takePlace(store, documents, places, { orgId }, webhookId, context);

/** Frees the place of a removed (or never registered) endpoint. */
export const freeWebhookPlace = (
  store: EventStore,
  orgId: string,
  webhookId: string,
  context: CommandContext,
) => freePlace(store, places, { orgId }, webhookId, context);
