import type { PostingEventEnvelope } from '../shared/posting.ts';
import {
  type CancelReason,
  type DeliveryMethod,
  type EnvelopeStatus,
  type EnvelopeType,
  isOpenEnvelopeStatus,
} from './enums.ts';
import type { EnvelopeEvent } from './events.ts';
import { nextReminderAt } from './schedule.ts';
import type { TemplateId } from './templates.ts';

/**
 * The signing envelope record of docs/rules.md#entities-and-fields, plus what the sender's table shows beside it
 * (reasons, expiry, reminders). Folded from the envelope's events by the projector and the command
 * answers alike. The signing link's hashes and the drawn signature stay in the events.
 */
export interface Envelope {
  id: number;
  envelopeId: string;
  templateId: TemplateId;
  templateVersion: number;
  envelopeStatus: EnvelopeStatus;
  deliveryMethod: DeliveryMethod;
  receiverName: string;
  receiverEmail: string | null;
  receiverPhoneNumber: string | null;
  type: EnvelopeType;
  signedOn: string | null;
  /** True while the receiver can still sign (sent, resent or delivered). */
  isActive: boolean;
  createdBy: string;
  updatedBy: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
  organizationName: string;
  senderName: string;
  signerName: string | null;
  deliveredAt: string | null;
  /** When it was last sent or resent: the receiver has been waiting since then. */
  lastSentAt: string;
  expiresAt: string;
  remindersSent: number;
  lastReminderAt: string | null;
  nextReminderAt: string | null;
  voidReason: string | null;
  rejectReason: string | null;
  cancelReason: CancelReason | null;
  version: number;
}

/** What an envelope's view takes from a recorded event besides its type and data. */
export type EnvelopeEventEnvelope = PostingEventEnvelope & { metadata: { orgId: string } };

function withSchedule(view: Envelope): Envelope {
  return {
    ...view,
    isActive: isOpenEnvelopeStatus(view.envelopeStatus),
    nextReminderAt: isOpenEnvelopeStatus(view.envelopeStatus)
      ? nextReminderAt({
          lastSentAt: view.lastSentAt,
          lastReminderAt: view.lastReminderAt,
          remindersSinceSend: view.remindersSent,
        })
      : null,
  };
}

/** Applies one recorded event to the envelope's view. */
export function applyEnvelopeEvent(
  view: Envelope | null,
  event: EnvelopeEvent & EnvelopeEventEnvelope,
): Envelope | null {
  const { actorId, occurredAt, orgId } = event.metadata;
  const stamp = { updatedBy: actorId, updatedAt: occurredAt, version: Number(event.revision) };
  if (event.type === 'EnvelopeSent') {
    const { tokenHash: _hash, ...data } = event.data;
    return withSchedule({
      ...data,
      envelopeStatus: 'sent',
      signedOn: null,
      isActive: true,
      createdBy: actorId,
      createdAt: occurredAt,
      organizationId: orgId,
      ...stamp,
      signerName: null,
      deliveredAt: null,
      lastSentAt: occurredAt,
      remindersSent: 0,
      lastReminderAt: null,
      nextReminderAt: null,
      voidReason: null,
      rejectReason: null,
      cancelReason: null,
    });
  }
  if (!view) return null;
  switch (event.type) {
    case 'EnvelopeResent':
      return withSchedule({
        ...view,
        ...stamp,
        envelopeStatus: 'resent',
        expiresAt: event.data.expiresAt,
        lastSentAt: occurredAt,
        remindersSent: 0,
        lastReminderAt: null,
        deliveredAt: null,
      });
    case 'SigningLinkIssued':
      // A copied link changes nothing the table shows; the version moves so an editor sees it.
      return { ...view, version: stamp.version };
    case 'EnvelopeReminderSent':
      return withSchedule({
        ...view,
        version: stamp.version,
        remindersSent: event.data.reminder,
        lastReminderAt: occurredAt,
      });
    case 'EnvelopeDelivered':
      return withSchedule({ ...view, ...stamp, envelopeStatus: 'delivered', deliveredAt: occurredAt });
    case 'EnvelopeCompleted':
      return withSchedule({
        ...view,
        ...stamp,
        envelopeStatus: 'completed',
        signedOn: occurredAt,
        signerName: event.data.signerName,
      });
    case 'EnvelopeRejected':
      return withSchedule({ ...view, ...stamp, envelopeStatus: 'rejected', rejectReason: event.data.reason });
    case 'EnvelopeVoided':
      return withSchedule({ ...view, ...stamp, envelopeStatus: 'voided', voidReason: event.data.voidReason });
    case 'EnvelopeCancelled':
      return withSchedule({
        ...view,
        ...stamp,
        envelopeStatus: 'cancelled',
        cancelReason: event.data.reason,
      });
  }
}

/**
 * When the product next has something to do for an open envelope (a reminder or the expiry); null
 * once it is closed. The sweeper finds its envelopes by this instant.
 */
export const envelopeDueAt = (view: Envelope): string | null =>
  view.isActive
    ? view.nextReminderAt && view.nextReminderAt < view.expiresAt
      ? view.nextReminderAt
      : view.expiresAt
    : null;
