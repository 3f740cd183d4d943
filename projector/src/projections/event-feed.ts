import { createHash } from 'node:crypto';
import {
  applyLoadEvent,
  applyTruckEvent,
  type EnvelopeEvent,
  type EnvelopeStatus,
  EVENT_FEED_CHANGE_KIND,
  type FeedEventType,
  type LoadEvent,
  type OrganizationEvent,
  type TruckEvent,
} from '@dispatch/domain';
import { pointOfPlace, tripMiles } from '@dispatch/places';
import {
  collections,
  type EnvelopeDocument,
  type EventFeedDocument,
  type EventFeedHeadDocument,
  eventFeedCollection,
  eventFeedHeadsCollection,
  eventFeedId,
  type MemberDocument,
} from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { Projection, ProjectionContext } from '../projection.ts';
import { standingMatchesOf } from './standing-search-alerts.ts';

/** One public event an internal event stands for. */
interface PublicEvent {
  type: FeedEventType;
  data: Record<string, unknown>;
}

const postingTypes = {
  TruckPosted: 'truck.posted',
  TruckUpdated: 'truck.edited',
  TruckRemoved: 'truck.removed',
  TruckRefreshed: 'truck.refreshed',
  // A re-post is a refresh of an expired truck: back on the board, its age starting again.
  TruckReposted: 'truck.refreshed',
  TruckExpired: 'truck.expired',
  LoadPosted: 'load.posted',
  LoadUpdated: 'load.edited',
  LoadRemoved: 'load.removed',
  LoadRefreshed: 'load.refreshed',
  LoadReposted: 'load.refreshed',
  LoadExpired: 'load.expired',
} as const satisfies Record<(TruckEvent | LoadEvent)['type'], FeedEventType>;

const envelopeTypes = {
  EnvelopeSent: ['envelope.sent', 'sent'],
  EnvelopeDelivered: ['envelope.delivered', 'delivered'],
  EnvelopeCompleted: ['envelope.completed', 'completed'],
  EnvelopeRejected: ['envelope.rejected', 'rejected'],
  EnvelopeVoided: ['envelope.voided', 'voided'],
  EnvelopeCancelled: ['envelope.cancelled', 'cancelled'],
} as const satisfies Partial<Record<EnvelopeEvent['type'], readonly [FeedEventType, EnvelopeStatus]>>;

const memberTypes = [
  'MemberAdded',
  'MemberRemoved',
  'MemberLeft',
] as const satisfies OrganizationEvent['type'][];

/** A truck as GET /api/v1/trucks/{id} answers it, as far as its posting tells. */
function postedTruck(event: TruckEvent & RecordedEvent): Record<string, unknown> {
  const truck = applyTruckEvent(null, event);
  return truck ? { ...truck, onMap: pointOfPlace(truck.truckState, truck.truckCity) != null } : {};
}

/** A load as GET /api/v1/loads/{id} answers it, as far as its posting tells. */
function postedLoad(event: LoadEvent & RecordedEvent): Record<string, unknown> {
  const load = applyLoadEvent(null, event);
  return load
    ? {
        ...load,
        originOnMap: pointOfPlace(load.originState, load.originCity) != null,
        destinationOnMap: pointOfPlace(load.destinationState, load.destinationCity) != null,
        // Estimated road miles, as the loads list has them (null when the map does not know an end).
        tripMiles: tripMiles(
          { state: load.originState, city: load.originCity },
          { state: load.destinationState, city: load.destinationCity },
        ),
      }
    : {};
}

function postingEvent(recorded: RecordedEvent): PublicEvent {
  const event = recorded as unknown as (TruckEvent | LoadEvent) & RecordedEvent;
  const type = postingTypes[event.type];
  const id = 'truckId' in event.data ? event.data.truckId : event.data.loadId;
  switch (event.type) {
    case 'TruckPosted':
      return { type, data: postedTruck(event) };
    case 'LoadPosted':
      return { type, data: postedLoad(event) };
    case 'TruckUpdated':
    case 'LoadUpdated':
      // The fields the edit changed, under the names the API answers them with, and the version it made.
      return { type, data: { id, ...event.data.changes, version: Number(recorded.revision) } };
    case 'TruckRemoved':
    case 'LoadRemoved':
      return { type, data: { id } };
    case 'TruckRefreshed':
    case 'LoadRefreshed':
    case 'TruckReposted':
    case 'LoadReposted':
      return {
        type,
        data: {
          id,
          refreshedAt: recorded.metadata.occurredAt,
          reposted: event.type === 'TruckReposted' || event.type === 'LoadReposted',
          version: Number(recorded.revision),
        },
      };
    case 'TruckExpired':
    case 'LoadExpired':
      return { type, data: { id, reason: event.data.reason, version: Number(recorded.revision) } };
  }
}

/**
 * An envelope event: its number and id, its kind, the status it reached and the receiver's name,
 * and what the sender's API shows of the outcome. Never the signing link's hash, the receiver's
 * address and browser, or the drawn signature.
 */
async function envelopeEvent(
  recorded: RecordedEvent,
  context: ProjectionContext,
): Promise<PublicEvent | null> {
  const event = recorded as unknown as EnvelopeEvent & RecordedEvent;
  const mapped = envelopeTypes[event.type as keyof typeof envelopeTypes];
  if (!mapped) return null;
  const [type, envelopeStatus] = mapped;
  let subject: { id: number; type: string; receiverName: string };
  if (event.type === 'EnvelopeSent') {
    subject = { id: event.data.id, type: event.data.type, receiverName: event.data.receiverName };
  } else {
    // The envelope as it was before this event (the envelopes list applies it after the feed).
    const before = await context.get<EnvelopeDocument>(collections.envelopes, event.data.envelopeId);
    if (!before) return null;
    subject = { id: before.number, type: before.type, receiverName: before.receiverName };
  }
  const data: Record<string, unknown> = {
    id: subject.id,
    envelopeId: event.data.envelopeId,
    type: subject.type,
    envelopeStatus,
    receiverName: subject.receiverName,
  };
  switch (event.type) {
    case 'EnvelopeSent':
      data.templateId = event.data.templateId;
      data.deliveryMethod = event.data.deliveryMethod;
      data.expiresAt = event.data.expiresAt;
      break;
    case 'EnvelopeCompleted':
      data.signerName = event.data.signerName;
      data.signedOn = recorded.metadata.occurredAt;
      break;
    case 'EnvelopeRejected':
      data.rejectReason = event.data.reason;
      break;
    case 'EnvelopeVoided':
      data.voidReason = event.data.voidReason;
      break;
    case 'EnvelopeCancelled':
      data.cancelReason = event.data.reason;
      break;
  }
  return { type, data };
}

/** A member who joined or left: their user id, name and role (a leaver's as it was). */
async function memberEvent(recorded: RecordedEvent, context: ProjectionContext): Promise<PublicEvent | null> {
  const event = recorded as unknown as OrganizationEvent & RecordedEvent;
  if (event.type === 'MemberAdded') {
    const { userId, name, role } = event.data;
    return { type: 'member.joined', data: { userId, name, role } };
  }
  if (event.type !== 'MemberRemoved' && event.type !== 'MemberLeft') return null;
  // The member as they were (the members list removes them after the feed).
  const member = await context.get<MemberDocument>(collections.members, event.data.memberId);
  return {
    type: 'member.left',
    data: {
      userId: event.data.userId,
      name: member?.name ?? null,
      role: member?.role ?? null,
      reason: event.type === 'MemberLeft' ? 'left' : 'removed',
    },
  };
}

/**
 * The id of a public event that shares its internal event with another (a posting's saved-search
 * matches): a UUID (version 8) derived from the event's and the search's, the same on every rebuild.
 */
function derivedId(eventId: string, part: string): string {
  const hex = createHash('sha256').update(`${eventId}\u0000${part}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The public events an internal event stands for, in the order the feed gives them. */
async function publicEventsOf(
  recorded: RecordedEvent,
  context: ProjectionContext,
): Promise<{ id: string; event: PublicEvent }[]> {
  if (recorded.type in postingTypes) {
    const items = [{ id: recorded.id, event: postingEvent(recorded) }];
    for (const match of standingMatchesOf(context, recorded.position)) {
      items.push({
        id: derivedId(recorded.id, match.savedSearchId),
        event: { type: 'search.matched', data: { ...match } },
      });
    }
    return items;
  }
  const event =
    recorded.type in envelopeTypes
      ? await envelopeEvent(recorded, context)
      : await memberEvent(recorded, context);
  return event ? [{ id: recorded.id, event }] : [];
}

/**
 * The organization's event feed: each public event gets the organization's next sequence (its head
 * document, read through the batch so it sees the batch's own writes), one document per event, and a
 * change notice that wakes the feed's long polls and the webhook deliverer. Applied between the
 * saved-search alerts (whose matches it tells) and the lists of members and envelopes (whose state
 * before the event it reads), so a rebuild from position 0 gives every event the same sequence.
 */
export const eventFeedProjection: Projection = {
  name: 'event-feed',
  collections: [eventFeedCollection, eventFeedHeadsCollection],
  eventTypes: [...Object.keys(postingTypes), ...Object.keys(envelopeTypes), ...memberTypes],
  async apply(recorded: RecordedEvent, context) {
    const items = await publicEventsOf(recorded, context);
    if (items.length === 0) return;
    const { orgId, occurredAt } = recorded.metadata;
    const head = await context.get<EventFeedHeadDocument>(collections.eventFeedHeads, orgId);
    let sequence = head?.sequence ?? 0;
    for (const { id, event } of items) {
      sequence += 1;
      const document: Omit<EventFeedDocument, 'position'> = {
        id: eventFeedId(orgId, sequence),
        orgId,
        sequence,
        eventId: id,
        type: event.type,
        timestamp: occurredAt,
        data: event.data,
      };
      context.put(collections.eventFeed, document);
      context.changed(EVENT_FEED_CHANGE_KIND, orgId, sequence);
    }
    context.put(collections.eventFeedHeads, { id: orgId, orgId, sequence });
  },
};
