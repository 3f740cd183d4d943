import type { EnvelopeStatus } from '@dispatch/domain';
import { type ActivityChange, collections } from '@dispatch/read-models';
import { change, created } from './changes.ts';
import { type Data, type Describe, get, text } from './described.ts';

// An envelope's: never its link's hash or the signature's image.
const envelopeFields = [
  'type',
  'templateId',
  'deliveryMethod',
  'receiverName',
  'receiverEmail',
  'receiverPhoneNumber',
  'expiresAt',
] as const;

const receiverOf = (envelope: Data | null) => {
  if (!envelope) return null;
  const contact = text(envelope.receiverEmail) ?? text(envelope.receiverPhoneNumber);
  return contact ? `${String(envelope.receiverName)} (${contact})` : text(envelope.receiverName);
};

/** The status an envelope event leaves the envelope in; undefined for those that keep it. */
const envelopeStatusAfter: Partial<Record<string, EnvelopeStatus>> = {
  EnvelopeSent: 'sent',
  EnvelopeResent: 'resent',
  EnvelopeDelivered: 'delivered',
  EnvelopeCompleted: 'completed',
  EnvelopeRejected: 'rejected',
  EnvelopeVoided: 'voided',
  EnvelopeCancelled: 'cancelled',
};

/**
 * The entry of an envelope's event: its creation's fields, the reason or the signer the event
 * gives, the status it leaves; the receiver acts under their own name.
 */
export const describeEnvelope: Describe = async (event, data, context) => {
  const before =
    event.type === 'EnvelopeSent' ? null : await get(context, collections.envelopes, data.envelopeId);
  const envelope = before ?? (event.type === 'EnvelopeSent' ? data : null);
  const status = envelopeStatusAfter[event.type];
  const changes: ActivityChange[] = [];
  if (event.type === 'EnvelopeSent') changes.push(...created(data, envelopeFields));
  if (event.type === 'EnvelopeResent')
    changes.push(...change('expiresAt', before?.expiresAt, data.expiresAt));
  if (event.type === 'EnvelopeReminderSent') changes.push(...change('reminder', null, data.reminder));
  if (event.type === 'EnvelopeCompleted') {
    changes.push(...change('signerName', null, data.signerName));
    changes.push({ field: 'signature', from: null, to: data.signature ? 'drawn' : 'typed' });
  }
  if (event.type === 'EnvelopeRejected') changes.push(...change('rejectReason', null, data.reason));
  if (event.type === 'EnvelopeVoided') changes.push(...change('voidReason', null, data.voidReason));
  if (event.type === 'EnvelopeCancelled') {
    changes.push(...change('cancelReason', null, data.reason));
    changes.push(...change('detail', null, data.detail));
  }
  if (status) changes.push(...change('envelopeStatus', before?.envelopeStatus, status));
  const receiverActs = event.metadata.actorId.startsWith('receiver:');
  return {
    orgId: event.metadata.orgId,
    kind: 'envelope',
    subjectId: String(data.envelopeId),
    subjectLabel: receiverOf(envelope),
    subjectType: text(envelope?.type),
    changes,
    actorName: receiverActs
      ? text(envelope?.receiverName)
      : event.type === 'EnvelopeSent'
        ? text(data.senderName)
        : null,
    client: 'ip' in data ? { ip: data.ip, userAgent: data.userAgent } : undefined,
  };
};
