import {
  ENVELOPE_NOT_FOUND,
  type EnvelopeEvent,
  type EnvelopeSent,
  type EnvelopeStatus,
  envelopeStream,
  type HistoryEntry,
  notFound,
  receiverActorId,
} from '@dispatch/domain';
import { collections, type MemberDocument } from '@dispatch/read-models';
import {
  type DocumentStore,
  type EventStore,
  type RecordedEvent,
  StreamNotFoundError,
} from '@dispatch/storage';

/** One field an event changed, from what to what (null when it had none). */
interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** One event of an envelope's life: the history's entry, and where a receiver's request came from. */
export interface EnvelopeHistoryEntry extends HistoryEntry {
  /** The receiver's address and browser, on the receiver's own events; null on the others. */
  client: { ip: string; userAgent: string } | null;
}

/** An envelope's stream as its history and its document read it. */
export interface EnvelopeRecord {
  events: RecordedEvent[];
  /** The envelope as sent: the document is merged with these fields. */
  sent: EnvelopeSent['data'];
  sentAt: string;
}

type Recorded = EnvelopeEvent & RecordedEvent;

/** The product's own actors ("system:sign-pro" sends reminders and cancels expired envelopes). */
const SYSTEM_ACTOR_PREFIX = 'system:';
export const SYSTEM_ACTOR_NAME = 'Sign-pro (automatic)';

/**
 * The envelope's stream, read from the event store like a posting's history. A missing envelope and
 * another organization's are answered alike: not found.
 */
export async function readEnvelope(
  eventStore: EventStore,
  orgId: string,
  envelopeId: string,
): Promise<EnvelopeRecord> {
  let events: RecordedEvent[] = [];
  try {
    events = await eventStore.readStream(envelopeStream(envelopeId));
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  const [first] = events as Recorded[];
  if (first?.type !== 'EnvelopeSent' || first.metadata.orgId !== orgId) throw notFound(ENVELOPE_NOT_FOUND);
  return { events, sent: first.data, sentAt: first.metadata.occurredAt };
}

const set = (field: string, to: unknown): FieldChange[] =>
  to === null || to === undefined || to === '' ? [] : [{ field, from: null, to }];

/** Where a receiver's request came from, as the certificate lists it. */
const clientChanges = (data: { ip: string; userAgent: string }) => [
  ...set('ip', data.ip),
  ...set('userAgent', data.userAgent),
];

/**
 * Folds an envelope's stream into its history: each event with the status it moved the envelope from
 * and to, and its meaningful fields (reasons, the signer's name, the receiver's address and browser).
 * Never a signing link's hash, nor the drawn signature itself: only whether it was drawn or typed.
 */
export function envelopeTimeline(events: RecordedEvent[]) {
  let status: EnvelopeStatus | null = null;
  let expiresAt: string | null = null;
  let reminders = 0;
  return events.map((recorded) => {
    const event = recorded as Recorded;
    const changes: FieldChange[] = [];
    const moveTo = (next: EnvelopeStatus) => {
      if (next !== status) changes.push({ field: 'envelopeStatus', from: status, to: next });
      status = next;
    };
    let client: EnvelopeHistoryEntry['client'] = null;
    switch (event.type) {
      case 'EnvelopeSent': {
        const { data } = event;
        moveTo('sent');
        changes.push(
          ...set('templateId', data.templateId),
          ...set('type', data.type),
          ...set('deliveryMethod', data.deliveryMethod),
          ...set('receiverName', data.receiverName),
          ...set('receiverEmail', data.receiverEmail),
          ...set('receiverPhoneNumber', data.receiverPhoneNumber),
          ...set('expiresAt', data.expiresAt),
        );
        expiresAt = data.expiresAt;
        reminders = 0;
        break;
      }
      case 'EnvelopeResent':
        moveTo('resent');
        if (event.data.expiresAt !== expiresAt)
          changes.push({ field: 'expiresAt', from: expiresAt, to: event.data.expiresAt });
        expiresAt = event.data.expiresAt;
        reminders = 0;
        break;
      case 'SigningLinkIssued':
        break;
      case 'EnvelopeReminderSent':
        changes.push({ field: 'remindersSent', from: reminders, to: event.data.reminder });
        reminders = event.data.reminder;
        break;
      case 'EnvelopeDelivered':
        moveTo('delivered');
        changes.push(...clientChanges(event.data));
        client = { ip: event.data.ip, userAgent: event.data.userAgent };
        break;
      case 'EnvelopeCompleted':
        moveTo('completed');
        changes.push(
          ...set('signerName', event.data.signerName),
          { field: 'signature', from: null, to: event.data.signature ? 'drawn' : 'typed' },
          ...clientChanges(event.data),
        );
        client = { ip: event.data.ip, userAgent: event.data.userAgent };
        break;
      case 'EnvelopeRejected':
        moveTo('rejected');
        changes.push(...set('rejectReason', event.data.reason), ...clientChanges(event.data));
        client = { ip: event.data.ip, userAgent: event.data.userAgent };
        break;
      case 'EnvelopeVoided':
        moveTo('voided');
        changes.push(...set('voidReason', event.data.voidReason));
        break;
      case 'EnvelopeCancelled':
        moveTo('cancelled');
        changes.push(...set('cancelReason', event.data.reason), ...set('detail', event.data.detail));
        break;
      default:
        // An event type this reader does not know yet: listed, with nothing to say about it.
        break;
    }
    return {
      revision: Number(recorded.revision),
      position: recorded.position.toString(),
      type: recorded.type,
      occurredAt: recorded.metadata.occurredAt,
      actorId: recorded.metadata.actorId,
      changes,
      client,
    };
  });
}

/**
 * The envelope's history with its actors named: members by their name in the organization (someone
 * who has left keeps only their id), the receiver by the name the envelope was sent to, the
 * product's own sweeps (reminders, expiry) as sign-pro.
 */
export async function envelopeHistory(
  documents: DocumentStore,
  orgId: string,
  record: EnvelopeRecord,
): Promise<EnvelopeHistoryEntry[]> {
  const timeline = envelopeTimeline(record.events);
  const receiver = receiverActorId(record.sent.envelopeId);
  const userIds = [...new Set(timeline.map((entry) => entry.actorId).filter((id) => id !== receiver))];
  const members =
    userIds.length === 0
      ? []
      : await documents.find<MemberDocument>(collections.members, {
          filter: { orgId: { eq: orgId }, userId: { in: userIds } },
        });
  const names = new Map(members.map((member) => [member.userId, member.name]));
  names.set(receiver, record.sent.receiverName);
  return timeline.map(({ actorId, ...entry }) => ({
    ...entry,
    actor: {
      id: actorId,
      name: names.get(actorId) ?? (actorId.startsWith(SYSTEM_ACTOR_PREFIX) ? SYSTEM_ACTOR_NAME : null),
    },
  }));
}
