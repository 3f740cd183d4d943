import type { CancelReason, DeliveryMethod, EnvelopeType } from './enums.ts';
import type { TemplateId } from './templates.ts';

/**
 * Version 2: EnvelopeSent records `templateVersion`, the version of the agreement's text it was sent
 * with. Version 1 events are read through the upcaster in upcasters.ts (they were all sent with text 1).
 */
export const ENVELOPE_SCHEMA_VERSION = 2;

/** Where a receiver's request came from: what the certificate page of the signed copy lists. */
export interface ReceiverClient {
  ip: string;
  userAgent: string;
}

export type EnvelopeSent = {
  type: 'EnvelopeSent';
  data: {
    envelopeId: string;
    id: number;
    templateId: TemplateId;
    /** The version of the template's text (see templates.ts). */
    templateVersion: number;
    type: EnvelopeType;
    deliveryMethod: DeliveryMethod;
    receiverName: string;
    receiverEmail: string | null;
    receiverPhoneNumber: string | null;
    /** The organization's name when sent: the document is merged with it, and a rename does not change a sent agreement. */
    organizationName: string;
    senderName: string;
    /** SHA-256 of the signing link's secret; the secret itself is never stored. */
    tokenHash: string;
    expiresAt: string;
  };
};
export type EnvelopeResent = {
  type: 'EnvelopeResent';
  data: { envelopeId: string; tokenHash: string; expiresAt: string };
};
/** A sender copied a fresh signing link to hand over themselves. */
export type SigningLinkIssued = {
  type: 'SigningLinkIssued';
  data: { envelopeId: string; tokenHash: string };
};
export type EnvelopeReminderSent = {
  type: 'EnvelopeReminderSent';
  data: { envelopeId: string; reminder: number; tokenHash: string };
};
/** The receiver opened the link for the first time since it was (re)sent. */
export type EnvelopeDelivered = { type: 'EnvelopeDelivered'; data: { envelopeId: string } & ReceiverClient };
export type EnvelopeCompleted = {
  type: 'EnvelopeCompleted';
  data: {
    envelopeId: string;
    signerName: string;
    /** The drawn signature as a PNG data URL, or null when the receiver signed with their typed name. */
    signature: string | null;
  } & ReceiverClient;
};
export type EnvelopeRejected = {
  type: 'EnvelopeRejected';
  data: { envelopeId: string; reason: string } & ReceiverClient;
};
export type EnvelopeVoided = {
  type: 'EnvelopeVoided';
  data: { envelopeId: string; voidReason: string | null };
};
export type EnvelopeCancelled = {
  type: 'EnvelopeCancelled';
  data: { envelopeId: string; reason: CancelReason; detail: string | null };
};

export type EnvelopeEvent =
  | EnvelopeSent
  | EnvelopeResent
  | SigningLinkIssued
  | EnvelopeReminderSent
  | EnvelopeDelivered
  | EnvelopeCompleted
  | EnvelopeRejected
  | EnvelopeVoided
  | EnvelopeCancelled;

export const envelopeEventTypes = [
  'EnvelopeSent',
  'EnvelopeResent',
  'SigningLinkIssued',
  'EnvelopeReminderSent',
  'EnvelopeDelivered',
  'EnvelopeCompleted',
  'EnvelopeRejected',
  'EnvelopeVoided',
  'EnvelopeCancelled',
] as const satisfies EnvelopeEvent['type'][];

export const envelopeStream = (envelopeId: string) => `envelope-${envelopeId}`;
/** Records the blocks of envelope numbers the command side reserves (`EnvelopeIdsReserved { first, last }`, see command-api/src/sequence-ids.ts). */
export const ENVELOPE_ID_SEQUENCE_STREAM = 'sequence-envelope';

/** Events of the receiver carry this actor: they have no account. */
export const receiverActorId = (envelopeId: string) => `receiver:${envelopeId}`;
